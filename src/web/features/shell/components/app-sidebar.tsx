import { LogOut } from "lucide-react";
import { Link, matchPath, useLocation } from "react-router";
import type { Access } from "@/domain/auth/auth.schema";
import { visibleNavItems } from "@/domain/shell/navigation";
import { Logo } from "@/web/components/logo";
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroupLabel,
  SidebarMenu,
  SidebarMenuBadge,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from "@/web/components/ui/sidebar";
import { navIcon } from "@/web/config/nav-icons";
import { useQueueCount } from "@/web/lib/queue-count";

const CAIXA_PATH = "/caixa";

/** 'Caixa de entrada' carries how many requests wait for the member (decision 011); none: no badge. */
function QueueCountBadge() {
  const { data } = useQueueCount(true);
  const count = data?.aguardando ?? 0;
  if (count <= 0) return null;
  return (
    <SidebarMenuBadge
      data-testid="caixa-count"
      className="border-transparent bg-primary text-primary-foreground tabular-nums"
    >
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className="sr-only">{`(${count} aguardando)`}</span>
    </SidebarMenuBadge>
  );
}

/** Spec §2 Layout and sidebar: the items in the spec's order, 'Sair' last. */
export function AppSidebar({
  access,
  onLogout,
  loggingOut = false,
}: {
  access: Access;
  onLogout: () => void;
  loggingOut?: boolean;
}) {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const items = visibleNavItems(access);
  // On phones the sheet closes after navigating (spec §2).
  const closeOnPhone = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <Sidebar mobileTitle="Menu principal">
      {isMobile ? (
        <div className="flex h-(--header-height) shrink-0 items-center border-b border-sidebar-border px-4">
          <Logo markClassName="size-7" />
        </div>
      ) : null}
      <nav aria-label="Menu principal" className="flex min-h-0 flex-1 flex-col">
        <SidebarContent>
          <SidebarGroupLabel>Navegação</SidebarGroupLabel>
          <SidebarMenu>
            {items.map((item) => {
              const Icon = navIcon(item.path);
              const active = matchPath({ path: item.path, end: true }, pathname) !== null;
              return (
                <SidebarMenuItem key={item.path}>
                  <SidebarMenuButton asChild isActive={active} tooltip={item.label}>
                    <Link to={item.path} aria-current={active ? "page" : undefined} onClick={closeOnPhone}>
                      <Icon aria-hidden="true" />
                      <span className="truncate">{item.label}</span>
                      {item.badge ? <SidebarMenuBadge>{item.badge}</SidebarMenuBadge> : null}
                      {item.path === CAIXA_PATH ? <QueueCountBadge /> : null}
                    </Link>
                  </SidebarMenuButton>
                </SidebarMenuItem>
              );
            })}
          </SidebarMenu>
        </SidebarContent>
        <SidebarFooter>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton variant="danger" tooltip="Sair" onClick={onLogout} disabled={loggingOut}>
                <LogOut aria-hidden="true" />
                <span className="truncate">Sair</span>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarFooter>
      </nav>
    </Sidebar>
  );
}
