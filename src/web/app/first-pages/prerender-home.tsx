import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { Me } from "@/domain/auth/auth.schema";
import HomeRoute from "@/web/app/routes/app/home";
import { paths } from "@/web/config/paths";
import { NotificationBell } from "@/web/features/notifications/components/notification-bell";
import { AppLayout } from "@/web/features/shell/components/app-layout";
import { loadClassMerge } from "@/web/lib/cn";
import { meQueryKey } from "@/web/lib/get-me";

/**
 * / as the app first draws it for this person (its layout as app/routes/app/root.tsx composes it,
 * the home page, the notifications not yet in), rendered by the server for GET / with a valid
 * session (src/server/web-serving/first-pages.ts, decision 027), so a phone draws it once the HTML and the
 * stylesheet are in instead of after about 140 KB of scripts. The same components the app
 * renders; e2e/first-pages.spec.ts compares the two.
 */
export async function renderHomePage(me: Me, options: { sidebarOpen?: boolean } = {}): Promise<string> {
  // The home page draws with tailwind-merge (app/lazy-page.ts); so must its copy.
  await loadClassMerge();
  const client = new QueryClient();
  client.setQueryData(meQueryKey, me);
  try {
    return renderToString(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[paths.home.getHref()]}>
          <AppLayout
            user={me.user}
            access={me.access}
            onLogout={() => undefined}
            topBarActions={<NotificationBell />}
            sidebarOpen={options.sidebarOpen}
          >
            <HomeRoute />
          </AppLayout>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  } finally {
    client.clear();
  }
}
