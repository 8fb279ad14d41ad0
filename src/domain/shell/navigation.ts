import type { Access } from "../auth/auth.schema";
import { KIND_NAMES, kindMeta } from "../requests/kinds/meta";

export type NavItem = {
  path: string;
  label: string;
  badge?: "beta";
  /** Which allow-list opens this item (spec §6), or any of several; absent for every signed-in user. */
  requires?: keyof Access | readonly (keyof Access)[];
  /** Home-page blurb for the section card. */
  summary: string;
};

/** The sections that are not request kinds, each with its place among the kinds' (`meta.ts` `nav.order`). */
const SECTIONS: readonly (NavItem & { order: number })[] = [
  { order: 10, path: "/", label: "Início", summary: "Visão geral do portal" },
  {
    order: 20,
    path: "/solicitacoes",
    label: "Minhas solicitações",
    summary: "Acompanhe tudo o que você já pediu, com anexos e situação",
  },
  {
    order: 30,
    path: "/caixa",
    label: "Caixa de entrada",
    requires: "caixa",
    summary: "As solicitações que as suas equipes atendem, das mais antigas às mais novas",
  },
  {
    order: 40,
    path: "/painel",
    label: "Painel",
    requires: ["admin", "caixa"],
    summary: "Solicitações, valores, tempos e prazos do período em gráficos",
  },
  {
    order: 70,
    path: "/vagas",
    label: "Vagas",
    requires: "vagas",
    summary: "Cadastre e gerencie as vagas abertas",
  },
  {
    order: 100,
    path: "/planejamento",
    label: "Novo Planejamento",
    badge: "beta",
    requires: "planejamento",
    summary: "Gere o planejamento de conteúdo mensal de um cliente",
  },
  {
    order: 110,
    path: "/planejamento/lista",
    label: "Meus Planejamentos",
    badge: "beta",
    requires: "planejamento",
    summary: "Revise e aprove os planejamentos gerados",
  },
  {
    // Right after 'Ausência', where people ask for their own (docs/decisions/040).
    order: 126,
    path: "/quem-esta-fora",
    label: "Quem está fora",
    summary: "Veja quem está de férias, de folga ou de licença em cada dia do mês",
  },
  {
    // RH credits hours and sees everyone's balance (docs/decisions/060).
    order: 127,
    path: "/banco-de-horas",
    label: "Banco de horas",
    requires: ["admin", "rh"],
    summary: "Lance horas e acompanhe os saldos e os créditos a vencer de cada pessoa",
  },
  {
    // Vacation balances (docs/decisions/060): everyone's, the deadlines soonest first.
    order: 990,
    path: "/ferias-equipe",
    label: "Férias da equipe",
    requires: ["admin", "rh"],
    summary: "O saldo de férias de cada pessoa, os prazos mais próximos primeiro, e as faltas injustificadas",
  },
  {
    order: 1000,
    path: "/admin",
    label: "Equipes e permissões",
    requires: "admin",
    summary: "Quem atende cada tipo de solicitação, e a segunda aprovação acima de um valor",
  },
  {
    // Offboarding (docs/decisions/048): who has an account, and switching off who left.
    order: 1010,
    path: "/admin/pessoas",
    label: "Pessoas",
    // RH records each person's 'Data de admissão' here (docs/decisions/060); switching off stays the administrators'.
    requires: ["admin", "rh"],
    summary: "Todas as contas, o último acesso e a data de admissão de cada uma, e desativar quem saiu",
  },
  {
    // The office's calendar (docs/decisions/060): what every count of days takes as a day off.
    order: 1015,
    path: "/feriados",
    label: "Feriados",
    requires: ["admin", "rh"],
    summary: "Os feriados do escritório, os pontos facultativos e os dias da agência",
  },
  {
    // Paying through the bank (docs/decisions/059): the account the payment files pay from.
    order: 1020,
    path: "/admin/conta-pagadora",
    label: "Conta pagadora",
    requires: "admin",
    summary: "A conta de onde saem os pagamentos enviados ao banco em arquivo",
  },
];

/**
 * Sidebar items in the spec's order (§2 Layout and sidebar), with 'Minhas
 * solicitações' right after 'Início', then 'Caixa de entrada' for members of a
 * team (the page they work from every day), each request kind where its meta
 * puts it, and 'Equipes e permissões' last for administrators; 'Sair' is added
 * by the layout.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  ...SECTIONS,
  ...KIND_NAMES.map((kind) => {
    const meta = kindMeta(kind);
    return {
      order: meta.nav.order,
      path: meta.formPath,
      label: meta.label,
      summary: meta.nav.summary,
      ...(meta.nav.badge ? { badge: meta.nav.badge } : {}),
    };
  }),
]
  .sort((a, b) => a.order - b.order)
  .map(({ order: _order, ...item }) => item);

export function visibleNavItems(access: Access | null | undefined): NavItem[] {
  return NAV_ITEMS.filter((item) => {
    if (!item.requires) return true;
    const areas: readonly (keyof Access)[] =
      typeof item.requires === "string" ? [item.requires] : item.requires;
    return areas.some((area) => access?.[area] === true);
  });
}
