import "./fonts.css";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { preloadPages } from "./app/router";
import { meQueryOptions } from "./lib/get-me";
import { queryClient } from "./lib/query-client";

// Start the session check and the download of the address's pages at once, side by side:
// they run while the splash is on screen (index.html has already asked for /api/me).
void queryClient.prefetchQuery(meQueryOptions);
preloadPages(window.location.pathname);

const root = document.getElementById("root");
if (!root) throw new Error("Elemento #root ausente em index.html");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
