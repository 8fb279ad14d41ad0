import { useLocation } from "react-router";
import { NAV_ITEMS } from "@/domain/shell/navigation";
import { paths } from "@/web/config/paths";
import { SectionComingSoon } from "@/web/features/shell/components/section-coming-soon";

const EXTRA_TITLES: Record<string, string> = { [paths.app.messages.path]: "Mensagens" };

/** The sections later issues will build; the title comes from the menu item of the path. */
export default function ComingSoonRoute() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, "") || "/";
  const title = NAV_ITEMS.find((item) => item.path === path)?.label ?? EXTRA_TITLES[path] ?? "Balcão";
  return <SectionComingSoon title={title} />;
}
