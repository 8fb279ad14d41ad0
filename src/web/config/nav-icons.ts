import {
  Briefcase,
  CalendarDays,
  CalendarOff,
  CalendarPlus,
  CalendarRange,
  ChartColumn,
  ClipboardList,
  Clock,
  Contact,
  GraduationCap,
  House,
  Inbox,
  Landmark,
  LifeBuoy,
  type LucideIcon,
  MessagesSquare,
  Package,
  Receipt,
  SearchCheck,
  TreePalm,
  UsersRound,
  Wallet,
} from "lucide-react";
import type { KindIcon } from "@/domain/requests/kinds/kind-meta";
import { KIND_NAMES, kindMeta } from "@/domain/requests/kinds/meta";

/** Each icon a request kind's meta may name (the type lists them: a new one does not compile until it is here). */
const KIND_ICON_COMPONENTS: Record<KindIcon, LucideIcon> = {
  Receipt,
  GraduationCap,
  Package,
  LifeBuoy,
  SearchCheck,
  CalendarOff,
  Wallet,
};

/** The icon of each section, shared by the sidebar and the home cards; a kind's from its meta. */
const NAV_ICONS: Record<string, LucideIcon> = {
  ...Object.fromEntries(
    KIND_NAMES.map((kind) => [kindMeta(kind).formPath, KIND_ICON_COMPONENTS[kindMeta(kind).icon]]),
  ),
  "/": House,
  "/solicitacoes": ClipboardList,
  "/caixa": Inbox,
  "/painel": ChartColumn,
  "/vagas": Briefcase,
  "/planejamento": CalendarPlus,
  "/planejamento/lista": CalendarRange,
  "/quem-esta-fora": CalendarDays,
  "/banco-de-horas": Clock,
  "/messages": MessagesSquare,
  "/admin": UsersRound,
  "/admin/pessoas": Contact,
  "/feriados": CalendarOff,
  "/ferias-equipe": TreePalm,
  "/admin/conta-pagadora": Landmark,
};

export function navIcon(path: string): LucideIcon {
  return NAV_ICONS[path] ?? House;
}
