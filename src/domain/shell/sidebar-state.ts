/**
 * Spec §4: the sidebar's expanded/collapsed state is kept in this cookie for 7 days. Read by the
 * browser (components/ui/sidebar.tsx) and by the server when it draws / (decision 027).
 */
export const SIDEBAR_COOKIE_NAME = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

/** The saved state in a Cookie header, or undefined when there is no (valid) one. */
export function sidebarOpenFromCookies(cookieHeader: string | undefined): boolean | undefined {
  const entry = cookieHeader
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SIDEBAR_COOKIE_NAME}=`));
  const value = entry?.slice(SIDEBAR_COOKIE_NAME.length + 1);
  if (value === "true") return true;
  if (value === "false") return false;
  return undefined;
}
