import type { RequestKind } from "@/domain/requests/kinds";

/*
 * Every address of the API the web calls, in one place: typed builders, so a
 * route's rename is one edit and an id is always escaped. The server declares
 * the same routes (each module's routes file under src/server/modules; /api/docs lists them).
 * Downloads the page links to are built beside their formats in src/domain
 * (requests/export-api.ts `exportPath`, planning/plan-export.ts `planExportPath`).
 * Types only are imported here: /login loads this module (decision 025).
 */

/** Query parameters: undefined, null and '' are left out. */
export type Query = Readonly<Record<string, string | number | null | undefined>>;

const seg = encodeURIComponent;

/** `path` with `query` as its search string (none when every parameter is empty). */
export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== "") params.set(name, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const request = (kind: string, id: string) => `/api/solicitacoes/${seg(kind)}/${seg(id)}`;
const plan = (id: string) => `/api/planejamentos/${seg(id)}`;
const publicPlan = (token: string) => `/api/publico/planejamentos/${seg(token)}`;

export const apiPaths = {
  me: "/api/me",
  meSessions: "/api/me/sessions",
  /** One session of the signed-in person ('Encerrar'). */
  meSession: (id: string) => `/api/me/sessions/${seg(id)}`,
  /** GET whether the account has a password; POST changes it. */
  mePassword: "/api/me/password",
  /** 'Assinar calendário' (docs/decisions/060): GET whether there is an address, POST a new one, DELETE it. */
  meCalendarFeed: "/api/me/calendario",
  /** 'Banco de horas' (docs/decisions/060): the person's own, RH's list, a credit. */
  meHourBank: "/api/me/banco-de-horas",
  /** 'Saldo de férias' (docs/decisions/060): the person's own; RH's list, admission dates, absences. */
  meVacation: "/api/me/ferias",
  vacation: {
    team: "/api/ferias/equipe",
    admissions: "/api/ferias/admissoes",
    importAdmissions: "/api/ferias/admissoes/importar",
    unjustified: (email: string) => withQuery("/api/ferias/faltas", { email }),
    unjustifiedNew: "/api/ferias/faltas",
    unjustifiedOne: (id: string) => `/api/ferias/faltas/${seg(id)}`,
  },
  hourBank: "/api/banco-de-horas",
  hourBankCredits: "/api/banco-de-horas/creditos",
  /** The person's second factor on 'Minha conta' (docs/decisions/054, 056), and /login's second step. */
  secondFactor: {
    status: "/api/me/segundo-fator",
    totp: "/api/me/segundo-fator/totp",
    totpConfirm: "/api/me/segundo-fator/totp/confirmar",
    totpDisable: "/api/me/segundo-fator/totp/desativar",
    recoveryCodes: "/api/me/segundo-fator/codigos",
    secondStep: "/api/login/segundo-fator",
    passkeyOptions: "/api/me/chaves-de-acesso/opcoes",
    passkeys: "/api/me/chaves-de-acesso",
    passkey: (id: string) => `/api/me/chaves-de-acesso/${seg(id)}`,
    passkeySignInOptions: "/api/login/chave-de-acesso/opcoes",
    passkeySignIn: "/api/login/chave-de-acesso",
  },
  /** The public configuration (allowed e-mail domains...). */
  config: "/api/config",
  /** The live events' stream (EventSource). */
  events: "/api/eventos",
  auth: {
    login: "/api/login",
    logout: "/api/logout",
    register: "/api/register",
    magicLink: "/api/magic-link",
    /** The click on the page an e-mailed sign-in link opens: the only request that spends it. */
    magicLinkVerify: "/api/magic-link/verify",
    confirmEmail: "/api/confirm-email",
    /** 'Confirmar email' in the browser that registered (it holds the sign-up's cookie). */
    confirmEmailThisBrowser: "/api/confirm-email/this-browser",
    confirmEmailResend: "/api/confirm-email/resend",
    confirmEmailPending: (token: string) => withQuery("/api/confirm-email/pending", { token }),
    passwordResetRequest: "/api/password-reset/request",
    /** GET whose password the link sets; POST spends it. */
    passwordReset: "/api/password-reset",
    passwordResetLink: (token: string) => withQuery("/api/password-reset", { token }),
    /** Starts a sign-in with an identity provider (docs/decisions/052). */
    sso: (provider: string) => `/api/sso/${seg(provider)}`,
  },
  requests: {
    /** 'Minhas solicitações'. */
    list: (query?: Query) => withQuery("/api/solicitacoes", query),
    /** `POST /api/solicitacoes/<slug>`: a kind's create route, by its meta's `slug` (the spec's names). */
    create: (slug: string) => `/api/solicitacoes/${seg(slug)}`,
    /** A request: GET its page, PUT 'Editar e reenviar'. */
    one: request,
    resend: (kind: string, id: string) => `${request(kind, id)}/reenviar`,
    actions: (kind: string, id: string) => `${request(kind, id)}/acoes`,
    comments: (kind: string, id: string) => `${request(kind, id)}/comentarios`,
    timeline: (kind: string, id: string, query?: Query) =>
      withQuery(`${request(kind, id)}/linha-do-tempo`, query),
  },
  caixa: {
    list: (query?: Query) => withQuery("/api/caixa", query),
    count: "/api/caixa/contagem",
    paymentBatch: "/api/caixa/lote-pagamento",
    bulk: "/api/caixa/em-lote",
    /** Paying through the bank (docs/decisions/059). */
    remittances: "/api/caixa/remessas",
    remittanceFile: (id: string) => `/api/caixa/remessas/${seg(id)}/arquivo`,
    bankReturns: "/api/caixa/retornos",
    statements: "/api/caixa/extratos",
    reconcile: (statementId: string) => `/api/caixa/extratos/${seg(statementId)}/conciliar`,
  },
  painel: (query?: Query) => withQuery("/api/painel", query),
  /** 'Quem está fora' (decision 040): a month's approved absences, by name. */
  absences: (query?: Query) => withQuery("/api/ausencias", query),
  /** 'Feriados' (docs/decisions/060): the office's calendar of a year, and RH's changes to it. */
  holidays: {
    calendar: (ano: number) => withQuery("/api/feriados", { ano: String(ano) }),
    observed: "/api/feriados/facultativos",
    agencyDays: "/api/feriados/dias-da-agencia",
    agencyDay: (id: string) => `/api/feriados/dias-da-agencia/${seg(id)}`,
  },
  notifications: {
    list: "/api/notificacoes",
    read: "/api/notificacoes/lidas",
    preferences: "/api/notificacoes/preferencias",
  },
  admin: {
    teams: "/api/admin/equipes",
    team: (id: string) => `/api/admin/equipes/${seg(id)}`,
    teamHistory: (id: string) => `/api/admin/equipes/${seg(id)}/historico`,
    policy: (kind: RequestKind) => `/api/admin/politicas/${seg(kind)}`,
    limits: "/api/admin/limites",
    limit: (kind: string, expenseType: string) => `/api/admin/limites/${seg(kind)}/${seg(expenseType)}`,
    serviceLevels: "/api/admin/prazos",
    backup: "/api/admin/backup",
    doctor: "/api/admin/diagnostico",
    people: (busca?: string) => withQuery("/api/admin/pessoas", busca ? { busca } : undefined),
    person: (id: string, action: "desativar" | "reativar") => `/api/admin/pessoas/${seg(id)}/${action}`,
    serviceLevel: (kind: RequestKind) => `/api/admin/prazos/${seg(kind)}`,
    payingAccount: "/api/admin/conta-pagadora",
  },
  clients: {
    list: (query?: Query) => withQuery("/api/clients", query),
    one: (id: string) => `/api/clients/${seg(id)}`,
  },
  jobOpenings: {
    list: (query?: Query) => withQuery("/api/vagas", query),
    one: (id: string) => `/api/vagas/${seg(id)}`,
  },
  plans: {
    list: (query?: Query) => withQuery("/api/planejamentos", query),
    one: plan,
    approve: (id: string) => `${plan(id)}/aprovar`,
    generate: (id: string) => `${plan(id)}/gerar`,
    postTask: (id: string, postId: string) => `${plan(id)}/posts/${seg(postId)}/tarefa`,
    clientActivity: (id: string) => `${plan(id)}/cliente`,
    shareLink: (id: string) => `${plan(id)}/compartilhamento`,
  },
  /** A plan shared with its client: the token is the only credential. */
  publicPlans: {
    one: publicPlan,
    comments: (token: string) => `${publicPlan(token)}/comentarios`,
    approve: (token: string) => `${publicPlan(token)}/aprovar`,
  },
} as const;
