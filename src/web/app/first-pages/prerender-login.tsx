import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import LoginRoute from "@/web/app/routes/auth/login";
import { paths } from "@/web/config/paths";

/**
 * /login's markup as the page first draws it (signed out, nothing typed), rendered once at build
 * time (build/vite-plugins/first-pages-html.ts) into dist/web/login.html, so that a phone draws the
 * sign-in card as soon as the HTML and the stylesheet are in, before any script (decision 025).
 * The same component the app renders: the two cannot drift apart.
 */
export function renderLoginPage(): string {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[paths.auth.login.getHref()]}>
        <LoginRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
