import { Suspense } from "react";
import { BrowserRouter, matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from "react-router";
import type { RequestKind } from "@/domain/requests/kinds";
import { KIND_NAMES, REQUEST_KIND_META } from "@/domain/requests/kinds/meta";
import { paths } from "@/web/config/paths";
import { type LazyPage, lazyPage } from "./lazy-page";
import { RoutesContext } from "./page-key";
import { RouteErrorBoundary } from "./route-error-boundary";
import { RequireAccess } from "./routes/app/require-access";

/*
 * Every page is its own chunk (lazyPage), so /login downloads the sign-in form and not the
 * Painel's charts or the planning editor. The router is react-router's declarative one
 * (<BrowserRouter>, useRoutes): the data router (createBrowserRouter) would add its loaders,
 * actions and fetchers, about 15 KB compressed, to the JavaScript every page downloads, and no
 * page uses them. Decision 021 has the measurements.
 */
// Drawn before tailwind-merge is loaded, and without it (lib/cn.ts, decision 025).
const AuthRoot = lazyPage(() => import("./routes/auth/root"), { classMerge: false });
const LoginPage = lazyPage(() => import("./routes/auth/login"), { classMerge: false });
const RegisterPage = lazyPage(() => import("./routes/auth/register"));
const ConfirmarEmailPage = lazyPage(() => import("./routes/auth/confirmar-email"));
const LinkDeAcessoPage = lazyPage(() => import("./routes/auth/link-de-acesso"));
const EsqueciSenhaPage = lazyPage(() => import("./routes/auth/esqueci-senha"));
const RedefinirSenhaPage = lazyPage(() => import("./routes/auth/redefinir-senha"));
const AppRoot = lazyPage(() => import("./routes/app/root"));
const HomePage = lazyPage(() => import("./routes/app/home"));
const SolicitacoesPage = lazyPage(() => import("./routes/app/solicitacoes"));
const SolicitacaoPage = lazyPage(() => import("./routes/app/solicitacao"));
const SolicitacaoEditarPage = lazyPage(() => import("./routes/app/solicitacao-editar"));
const RequestFormPage = lazyPage(() => import("./routes/app/request-form"));
const MessagesPage = lazyPage(() => import("./routes/app/messages"));
const ContaPage = lazyPage(() => import("./routes/app/conta"));
const CaixaPage = lazyPage(() => import("./routes/app/caixa"));
const LotePagamentoPage = lazyPage(() => import("./routes/app/lote-pagamento"));
const PainelPage = lazyPage(() => import("./routes/app/painel"));
const QuemEstaForaPage = lazyPage(() => import("./routes/app/quem-esta-fora"));
const BancoDeHorasPage = lazyPage(() => import("./routes/app/banco-de-horas"));
const VagasPage = lazyPage(() => import("./routes/app/vagas"));
const PlanejamentoPage = lazyPage(() => import("./routes/app/planejamento"));
const PlanejamentoListaPage = lazyPage(() => import("./routes/app/planejamento-lista"));
const PlanejamentoVisualizarPage = lazyPage(() => import("./routes/app/planejamento-visualizar"));
const ClientesPage = lazyPage(() => import("./routes/app/clientes"));
const AdminPage = lazyPage(() => import("./routes/app/admin"));
const PeoplePage = lazyPage(() => import("./routes/app/pessoas"));
const FeriadosPage = lazyPage(() => import("./routes/app/feriados"));
const FeriasEquipePage = lazyPage(() => import("./routes/app/ferias-equipe"));
const PayingAccountPage = lazyPage(() => import("./routes/app/conta-pagadora"));
const ReconcilePage = lazyPage(() => import("./routes/app/conciliacao"));
const ClientePlanejamentoPage = lazyPage(() => import("./routes/cliente/planejamento"));
const NotFoundPage = lazyPage(() => import("./routes/not-found"));

/**
 * Each request kind's form page, at its `formPath`: read from the kinds' meta, which is light,
 * not from the registry, whose zod schemas would otherwise be part of every page's first download.
 */
export const REQUEST_FORM_PATHS = Object.fromEntries(
  KIND_NAMES.map((kind) => [kind, REQUEST_KIND_META[kind].formPath]),
) as Record<RequestKind, string>;

/** What a route preloads: the lazy pages its element draws. */
type Preloadable = { preload: () => Promise<unknown> };
type RouteHandle = { pages: readonly Preloadable[] };

/** A route drawing `element`, which needs `pages` (preloaded when the route is opened). */
function route(
  element: React.ReactNode,
  pages: readonly Preloadable[],
): Pick<RouteObject, "element" | "handle"> {
  return { element, handle: { pages } satisfies RouteHandle };
}
const pageRoute = (Page: LazyPage) => route(<Page />, [Page]);

/*
 * Spec §2 routing rules. /login and /register sit under a guard that sends a
 * signed-in user to /; every other known page sits under the protected layout,
 * which sends a signed-out user to /login. Unknown paths get the 404 page,
 * signed in or not; /confirmar-email (ours: the set-password page of a
 * confirmation link) is open to both as well.
 */
export const routes: RouteObject[] = [
  {
    ...pageRoute(AuthRoot),
    children: [
      { path: paths.auth.login.path, ...pageRoute(LoginPage) },
      { path: paths.auth.register.path, ...pageRoute(RegisterPage) },
    ],
  },
  {
    ...pageRoute(AppRoot),
    children: [
      { index: true, ...pageRoute(HomePage) },
      { path: paths.app.solicitacoes.path, ...pageRoute(SolicitacoesPage) },
      { path: paths.app.solicitacao.path, ...pageRoute(SolicitacaoPage) },
      { path: paths.app.solicitacaoEditar.path, ...pageRoute(SolicitacaoEditarPage) },
      // One route per request kind, all drawn by the same page.
      ...Object.entries(REQUEST_FORM_PATHS).map(([kind, path]) => ({
        path,
        ...route(<RequestFormPage key={kind} kind={kind as RequestKind} />, [RequestFormPage]),
      })),
      { path: paths.app.messages.path, ...pageRoute(MessagesPage) },
      { path: paths.app.conta.path, ...pageRoute(ContaPage) },
      // Drawn by the layout while a second factor must be enrolled (root.tsx); afterwards, 'Minha conta'.
      { path: paths.app.segundoFator.path, element: <Navigate to={paths.app.conta.getHref()} replace /> },
      { path: paths.app.quemEstaFora.path, ...pageRoute(QuemEstaForaPage) },
      {
        element: <RequireAccess access="caixa" />,
        children: [
          { path: paths.app.caixa.path, ...pageRoute(CaixaPage) },
          { path: paths.app.lotePagamento.path, ...pageRoute(LotePagamentoPage) },
          { path: paths.app.conciliacao.path, ...pageRoute(ReconcilePage) },
        ],
      },
      {
        element: <RequireAccess access={["admin", "caixa"]} />,
        children: [{ path: paths.app.painel.path, ...pageRoute(PainelPage) }],
      },
      {
        element: <RequireAccess access={["admin", "rh"]} />,
        children: [{ path: paths.app.bancoDeHoras.path, ...pageRoute(BancoDeHorasPage) }],
      },
      {
        element: <RequireAccess access="vagas" />,
        children: [{ path: paths.app.vagas.path, ...pageRoute(VagasPage) }],
      },
      {
        element: <RequireAccess access="planejamento" />,
        children: [
          { path: paths.app.planejamento.path, ...pageRoute(PlanejamentoPage) },
          { path: paths.app.planejamentoLista.path, ...pageRoute(PlanejamentoListaPage) },
          { path: paths.app.planejamentoVisualizar.path, ...pageRoute(PlanejamentoVisualizarPage) },
          {
            path: paths.app.planejamentoVisualizarSemId.path,
            element: <Navigate to={paths.app.planejamento.getHref()} replace />,
          },
          { path: paths.app.clientes.path, ...pageRoute(ClientesPage) },
        ],
      },
      {
        element: <RequireAccess access={["admin", "rh"]} />,
        children: [
          { path: paths.app.feriados.path, ...pageRoute(FeriadosPage) },
          { path: paths.app.feriasEquipe.path, ...pageRoute(FeriasEquipePage) },
          { path: paths.app.pessoas.path, ...pageRoute(PeoplePage) },
        ],
      },
      {
        element: <RequireAccess access="admin" />,
        children: [
          { path: paths.app.admin.path, ...pageRoute(AdminPage) },
          { path: paths.app.contaPagadora.path, ...pageRoute(PayingAccountPage) },
        ],
      },
    ],
  },
  // Public whether signed in or not: a link opened on a phone where someone else is signed in still works.
  { path: paths.auth.confirmarEmail.path, ...pageRoute(ConfirmarEmailPage) },
  { path: paths.auth.linkDeAcesso.path, ...pageRoute(LinkDeAcessoPage) },
  // 'Esqueci minha senha' and its link's page (docs/decisions/050): open to both as well.
  { path: paths.auth.esqueciSenha.path, ...pageRoute(EsqueciSenhaPage) },
  { path: paths.auth.redefinirSenha.path, ...pageRoute(RedefinirSenhaPage) },
  // The client's page of a shared plan (decision 020): no sidebar, no sign-in.
  { path: paths.clientePlanejamento.path, ...pageRoute(ClientePlanejamentoPage) },
  { path: "*", ...pageRoute(NotFoundPage) },
];

/**
 * Starts downloading the pages `pathname` draws (its layout and the page), all at once.
 * main.tsx calls it before the first render, beside the session check.
 */
export function preloadPages(pathname: string) {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    for (const page of (match.route.handle as RouteHandle | undefined)?.pages ?? []) {
      page.preload().catch(() => undefined); // rendering it will show the error
    }
  }
}

function Pages() {
  const location = useLocation();
  const element = useRoutes(routes, location);
  return (
    <RoutesContext.Provider value={routes}>
      <RouteErrorBoundary resetKey={location.pathname}>{element}</RouteErrorBoundary>
    </RoutesContext.Provider>
  );
}

export function AppRouter() {
  return (
    // Without transitions a navigation shows the next page as soon as the address changes (its
    // chunk's wait is the layout's empty Suspense fallback, router.tsx's only on a tab's first
    // page), rather than leaving the previous page on screen under the new address.
    <BrowserRouter useTransitions={false}>
      <Suspense fallback={null}>
        <Pages />
      </Suspense>
    </BrowserRouter>
  );
}
