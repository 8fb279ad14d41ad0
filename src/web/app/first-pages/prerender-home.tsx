import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter, matchPath, Route, Routes } from "react-router";
import type { Me } from "@/domain/auth/auth.schema";
import type { FirstPageName } from "@/domain/shell/first-page";
import CaixaRoute from "@/web/app/routes/app/caixa";
import HomeRoute from "@/web/app/routes/app/home";
import SolicitacaoRoute from "@/web/app/routes/app/solicitacao";
import SolicitacoesRoute from "@/web/app/routes/app/solicitacoes";
import { paths } from "@/web/config/paths";
import { NotificationBell } from "@/web/features/notifications/components/notification-bell";
import { requestQueryOptions } from "@/web/features/requests/api/get-request";
import { AppLayout } from "@/web/features/shell/components/app-layout";
import { loadClassMerge } from "@/web/lib/cn";
import { meQueryKey } from "@/web/lib/get-me";

/** The signed-in pages the server draws, by name: the route's pattern and the page it draws there. */
const PAGES: Record<Exclude<FirstPageName, "login">, { path: string; page: ReactNode }> = {
  home: { path: paths.home.getHref(), page: <HomeRoute /> },
  solicitacoes: { path: paths.app.solicitacoes.path, page: <SolicitacoesRoute /> },
  caixa: { path: paths.app.caixa.path, page: <CaixaRoute /> },
  solicitacao: { path: paths.app.solicitacao.path, page: <SolicitacaoRoute /> },
};

export type SignedInPageName = keyof typeof PAGES;

/**
 * A signed-in first page as the app first draws it for this person (its layout as
 * app/routes/app/root.tsx composes it, the page, the notifications not yet in), rendered by the
 * server for its address with a valid session (src/server/web-serving/first-pages.ts), so a phone
 * draws it once the HTML and the stylesheet are in instead of after about 140 KB of scripts: / with
 * the home page (decision 027); 'Minhas solicitações' and 'Caixa de entrada' as their first commit
 * draws them, their lists not yet in; a request's page with `data`, what GET /api/solicitacoes/:tipo/:id
 * answered them, as the app draws it once that is in (decision 068). The same components the app
 * renders; e2e/first-pages.spec.ts compares the two.
 */
export async function renderHomePage(
  me: Me,
  options: { sidebarOpen?: boolean; page?: SignedInPageName; address?: string; data?: unknown } = {},
): Promise<string> {
  // The pages draw with tailwind-merge (app/lazy-page.ts); so must their copy.
  await loadClassMerge();
  const { path, page } = PAGES[options.page ?? "home"];
  const client = new QueryClient();
  client.setQueryData(meQueryKey, me);
  const request = matchPath(paths.app.solicitacao.path, options.address ?? "")?.params;
  if (options.page === "solicitacao" && request?.tipo && request.id && options.data !== undefined)
    client.setQueryData(
      requestQueryOptions(me.user.id, request.tipo, request.id).queryKey,
      options.data as never,
    );
  try {
    return renderToString(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[options.address ?? path]}>
          <AppLayout
            user={me.user}
            access={me.access}
            onLogout={() => undefined}
            topBarActions={<NotificationBell />}
            sidebarOpen={options.sidebarOpen}
          >
            <Routes>
              <Route path={path} element={page} />
            </Routes>
          </AppLayout>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  } finally {
    client.clear();
  }
}
