import "@fontsource-variable/inter";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { meQueryOptions } from "./lib/get-me";
import { queryClient } from "./lib/query-client";

// Start the session check at once: it runs while the splash is on screen.
void queryClient.prefetchQuery(meQueryOptions);

const root = document.getElementById("root");
if (!root) throw new Error("Elemento #root ausente em index.html");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
