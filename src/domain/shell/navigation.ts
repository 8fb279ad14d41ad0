import type { Access } from "../auth/auth.schema";

export type NavItem = {
  path: string;
  label: string;
  badge?: "beta";
  /** Which allow-list opens this item (spec §6), or any of several; absent for every signed-in user. */
  requires?: keyof Access | readonly (keyof Access)[];
  /** Home-page blurb for the section card. */
  summary: string;
};

/**
 * Sidebar items in the spec's order (§2 Layout and sidebar), with 'Minhas
 * solicitações' (ours, issue 3) right after 'Início', then 'Caixa de entrada'
 * for members of a team (issue 11: the page they work from every day), and
 * 'Equipes e permissões' last for administrators; 'Sair' is added by the layout.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { path: "/", label: "Início", summary: "Visão geral do portal" },
  {
    path: "/solicitacoes",
    label: "Minhas solicitações",
    summary: "Acompanhe tudo o que você já pediu, com anexos e situação",
  },
  {
    path: "/caixa",
    label: "Caixa de entrada",
    requires: "caixa",
    summary: "As solicitações que as suas equipes atendem, das mais antigas às mais novas",
  },
  {
    path: "/painel",
    label: "Painel",
    requires: ["admin", "caixa"],
    summary: "Solicitações, valores, tempos e prazos do período em gráficos",
  },
  { path: "/reembolso", label: "Reembolso", summary: "Solicite o reembolso de despesas com comprovantes" },
  {
    path: "/bolsa-capacitacao",
    label: "Bolsa de Capacitação",
    summary: "Peça apoio para cursos, livros, eventos e especializações",
  },
  { path: "/vagas", label: "Vagas", requires: "vagas", summary: "Cadastre e gerencie as vagas abertas" },
  { path: "/material", label: "Material", summary: "Solicite material de trabalho" },
  {
    path: "/seo",
    label: "Análise de páginas",
    badge: "beta",
    summary: "Peça uma análise de conteúdo ou técnica de uma página",
  },
  {
    path: "/planejamento",
    label: "Novo Planejamento",
    badge: "beta",
    requires: "planejamento",
    summary: "Gere o planejamento de conteúdo mensal de um cliente",
  },
  {
    path: "/planejamento/lista",
    label: "Meus Planejamentos",
    badge: "beta",
    requires: "planejamento",
    summary: "Revise e aprove os planejamentos gerados",
  },
  { path: "/suporte", label: "Suporte", summary: "Abra um chamado para RH, Financeiro ou as equipes" },
  {
    path: "/admin",
    label: "Equipes e permissões",
    requires: "admin",
    summary: "Quem atende cada tipo de solicitação, e a segunda aprovação acima de um valor",
  },
];

export function visibleNavItems(access: Access | null | undefined): NavItem[] {
  return NAV_ITEMS.filter((item) => {
    if (!item.requires) return true;
    const areas: readonly (keyof Access)[] =
      typeof item.requires === "string" ? [item.requires] : item.requires;
    return areas.some((area) => access?.[area] === true);
  });
}
