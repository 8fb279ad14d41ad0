import { safeReturnPath } from "@/domain/auth/return-path";

/** Every route of the app in one place, so links are typed and renames are one edit. */
export const paths = {
  home: { path: "/", getHref: () => "/" },
  auth: {
    login: {
      path: "/login",
      /** With `next`, sign-in lands there (a request's page only: see domain/auth/return-path.ts). */
      getHref: (next?: string | null) => (next ? `/login?next=${encodeURIComponent(next)}` : "/login"),
      /** The landings of e-mailed links (the server's LINK_LANDING); the login page toasts them. */
      confirmed: "/login?confirmed=1",
      linkFailed: "/login?error=link",
    },
    register: { path: "/register", getHref: () => "/register" },
    /** A confirmation link's page: one click in the browser that registered, else set-password (public). */
    confirmarEmail: { path: "/confirmar-email", getHref: () => "/confirmar-email" },
    /** An e-mailed sign-in link's page: its button, not the link, signs in (public). */
    linkDeAcesso: { path: "/link-de-acesso", getHref: () => "/link-de-acesso" },
    /** 'Esqueci minha senha' (docs/decisions/050): asks the e-mail (public). */
    esqueciSenha: { path: "/esqueci-senha", getHref: () => "/esqueci-senha" },
    /** The reset link's page: sets a new password with the link's token (public). */
    redefinirSenha: { path: "/redefinir-senha", getHref: () => "/redefinir-senha" },
  },
  /** A plan shared with its client (decision 020): public, the token is the only credential. */
  clientePlanejamento: {
    path: "/cliente/planejamento/:token",
    getHref: (token: string) => `/cliente/planejamento/${encodeURIComponent(token)}`,
  },
  app: {
    /** 'Caixa de entrada' (decision 011): the requests the user's teams handle. */
    caixa: { path: "/caixa", getHref: () => "/caixa" },
    lotePagamento: { path: "/caixa/pagamentos", getHref: () => "/caixa/pagamentos" },
    /** 'Quem está fora' (decision 040): who is away each day of a month, for everyone. */
    quemEstaFora: { path: "/quem-esta-fora", getHref: () => "/quem-esta-fora" },
    /** 'Banco de horas' (docs/decisions/060): RH credits hours and sees everyone's balance. */
    bancoDeHoras: { path: "/banco-de-horas", getHref: () => "/banco-de-horas" },
    /** 'Painel' (decision 014): the month at a glance, for administrators and team members. */
    painel: { path: "/painel", getHref: () => "/painel" },
    solicitacoes: { path: "/solicitacoes", getHref: () => "/solicitacoes" },
    solicitacao: {
      path: "/solicitacoes/:tipo/:id",
      getHref: (tipo: string, id: string) =>
        `/solicitacoes/${encodeURIComponent(tipo)}/${encodeURIComponent(id)}`,
    },
    /** 'Editar e reenviar' (decision 011): the requester changes a request the team asked to adjust. */
    solicitacaoEditar: {
      path: "/solicitacoes/:tipo/:id/editar",
      getHref: (tipo: string, id: string) =>
        `/solicitacoes/${encodeURIComponent(tipo)}/${encodeURIComponent(id)}/editar`,
    },
    // Each request kind's form page is its meta's `formPath` (src/domain/requests/kinds/<kind>/meta.ts).
    messages: { path: "/messages", getHref: () => "/messages" },
    vagas: { path: "/vagas", getHref: () => "/vagas" },
    planejamento: { path: "/planejamento", getHref: () => "/planejamento" },
    planejamentoLista: { path: "/planejamento/lista", getHref: () => "/planejamento/lista" },
    planejamentoVisualizar: {
      path: "/planejamento/visualizar/:id",
      getHref: (id: string) => `/planejamento/visualizar/${encodeURIComponent(id)}`,
    },
    /** Spec §2: a missing id redirects to /planejamento. */
    planejamentoVisualizarSemId: {
      path: "/planejamento/visualizar",
      getHref: () => "/planejamento/visualizar",
    },
    clientes: { path: "/planejamento/clientes", getHref: () => "/planejamento/clientes" },
    /** 'Equipes e permissões' (decision 011): administrators only. */
    admin: { path: "/admin", getHref: () => "/admin" },
    /** 'Pessoas' (docs/decisions/048): administrators, and RH for the admission dates (060). */
    pessoas: { path: "/admin/pessoas", getHref: () => "/admin/pessoas" },
    /** 'Feriados' (docs/decisions/060): administrators and RH. */
    feriados: { path: "/feriados", getHref: () => "/feriados" },
    /** 'Férias da equipe' (docs/decisions/060): administrators and RH. */
    feriasEquipe: { path: "/ferias-equipe", getHref: () => "/ferias-equipe" },
    /** 'Conta pagadora' (docs/decisions/059): administrators only. */
    contaPagadora: { path: "/admin/conta-pagadora", getHref: () => "/admin/conta-pagadora" },
    /** 'Conciliar extrato' (docs/decisions/059): Finance, from 'Lote de pagamento'. */
    conciliacao: { path: "/caixa/conciliacao", getHref: () => "/caixa/conciliacao" },
    /** 'Minha conta' (ours): the user's name, and signing out everywhere. */
    conta: { path: "/conta", getHref: () => "/conta" },
    /** Where someone who must have a second factor and has none enrols before anything else (055). */
    segundoFator: { path: "/verificacao-em-duas-etapas", getHref: () => "/verificacao-em-duas-etapas" },
  },
} as const;

/** The request's page a signed-out person was sent to /login from (`?next=`), if it is one. */
export function returnPathFromSearch(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get("next"));
}

/** What /login and /register accept in navigation state (spec §2: pre-fills the e-mail). */
export type AuthLocationState = { email?: string } | null | undefined;

export function emailFromState(state: unknown): string {
  const email = (state as AuthLocationState)?.email;
  return typeof email === "string" ? email : "";
}
