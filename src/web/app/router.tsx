import type * as React from "react";
import { createBrowserRouter, Navigate, RouterProvider } from "react-router";
import { REQUEST_KIND_REGISTRY, REQUEST_KINDS } from "@/domain/requests/kinds";
import { paths } from "@/web/config/paths";
import type { RequestFormHandle } from "./routes/app/request-form";
import { RequireAccess } from "./routes/app/require-access";
import { RouteError } from "./routes/route-error";

type PageModule = { default: React.ComponentType };

/** Route-level code splitting: each page is its own chunk, so /login downloads little. */
function page(load: () => Promise<PageModule>) {
  return async () => ({ Component: (await load()).default });
}

/*
 * Spec §2 routing rules. /login and /register sit under a guard that sends a
 * signed-in user to /; every other known page sits under the protected layout,
 * which sends a signed-out user to /login. Unknown paths get the 404 page,
 * signed in or not; /confirmar-email (ours: the set-password page of a
 * confirmation link) is open to both as well.
 */
export const router = createBrowserRouter([
  {
    path: "/",
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      {
        lazy: page(() => import("./routes/auth/root")),
        children: [
          { path: paths.auth.login.path, lazy: page(() => import("./routes/auth/login")) },
          { path: paths.auth.register.path, lazy: page(() => import("./routes/auth/register")) },
        ],
      },
      {
        lazy: page(() => import("./routes/app/root")),
        children: [
          { index: true, lazy: page(() => import("./routes/app/home")) },
          { path: paths.app.solicitacoes.path, lazy: page(() => import("./routes/app/solicitacoes")) },
          { path: paths.app.solicitacao.path, lazy: page(() => import("./routes/app/solicitacao")) },
          {
            path: paths.app.solicitacaoEditar.path,
            lazy: page(() => import("./routes/app/solicitacao-editar")),
          },
          // One route per request kind, at its registry `formPath`, all drawn by the same page.
          ...REQUEST_KINDS.map((kind) => ({
            path: REQUEST_KIND_REGISTRY[kind].formPath,
            handle: { requestKind: kind } satisfies RequestFormHandle,
            lazy: page(() => import("./routes/app/request-form")),
          })),
          { path: paths.app.messages.path, lazy: page(() => import("./routes/app/messages")) },
          { path: paths.app.conta.path, lazy: page(() => import("./routes/app/conta")) },
          {
            element: <RequireAccess access="caixa" />,
            children: [
              { path: paths.app.caixa.path, lazy: page(() => import("./routes/app/caixa")) },
              {
                path: paths.app.lotePagamento.path,
                lazy: page(() => import("./routes/app/lote-pagamento")),
              },
            ],
          },
          {
            element: <RequireAccess access={["admin", "caixa"]} />,
            children: [{ path: paths.app.painel.path, lazy: page(() => import("./routes/app/painel")) }],
          },
          {
            element: <RequireAccess access="vagas" />,
            children: [{ path: paths.app.vagas.path, lazy: page(() => import("./routes/app/vagas")) }],
          },
          {
            element: <RequireAccess access="planejamento" />,
            children: [
              { path: paths.app.planejamento.path, lazy: page(() => import("./routes/app/planejamento")) },
              {
                path: paths.app.planejamentoLista.path,
                lazy: page(() => import("./routes/app/planejamento-lista")),
              },
              {
                path: paths.app.planejamentoVisualizar.path,
                lazy: page(() => import("./routes/app/planejamento-visualizar")),
              },
              {
                path: paths.app.planejamentoVisualizarSemId.path,
                element: <Navigate to={paths.app.planejamento.getHref()} replace />,
              },
              { path: paths.app.clientes.path, lazy: page(() => import("./routes/app/clientes")) },
            ],
          },
          {
            element: <RequireAccess access="admin" />,
            children: [{ path: paths.app.admin.path, lazy: page(() => import("./routes/app/admin")) }],
          },
        ],
      },
      // Public whether signed in or not: a link opened on a phone where someone else is signed in still works.
      {
        path: paths.auth.confirmarEmail.path,
        lazy: page(() => import("./routes/auth/confirmar-email")),
      },
      // The client's page of a shared plan (issue 14): no sidebar, no sign-in.
      {
        path: paths.clientePlanejamento.path,
        lazy: page(() => import("./routes/cliente/planejamento")),
      },
      { path: "*", lazy: page(() => import("./routes/not-found")) },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
