import {
  Briefcase,
  CalendarPlus,
  CalendarRange,
  ChartColumn,
  ClipboardList,
  GraduationCap,
  House,
  Inbox,
  LifeBuoy,
  type LucideIcon,
  MessagesSquare,
  Package,
  Receipt,
  SearchCheck,
  UsersRound,
} from "lucide-react";

/** The icon of each section, shared by the sidebar and the home cards. */
const NAV_ICONS: Record<string, LucideIcon> = {
  "/": House,
  "/solicitacoes": ClipboardList,
  "/caixa": Inbox,
  "/painel": ChartColumn,
  "/reembolso": Receipt,
  "/bolsa-capacitacao": GraduationCap,
  "/vagas": Briefcase,
  "/material": Package,
  "/seo": SearchCheck,
  "/planejamento": CalendarPlus,
  "/planejamento/lista": CalendarRange,
  "/suporte": LifeBuoy,
  "/messages": MessagesSquare,
  "/admin": UsersRound,
};

export function navIcon(path: string): LucideIcon {
  return NAV_ICONS[path] ?? House;
}
