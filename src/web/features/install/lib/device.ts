import { MOBILE_BREAKPOINT } from "@/web/hooks/use-mobile";

/*
 * Who sees 'Instalar o Balcão' (docs/decisions/062-installable-app.md): phones only, where the
 * browser offers installation or, on an iPhone in Safari (which has no such offer), with the steps
 * of its Share menu. Pure, so that it is tested with the browsers' own user agents.
 */

export type Device = {
  userAgent: string;
  /** navigator.platform: an iPad asking for the desktop site says "MacIntel". */
  platform: string;
  maxTouchPoints: number;
  /** `(pointer: coarse)`: a finger, not a mouse. */
  coarsePointer: boolean;
  /** The window's width in CSS pixels. */
  width: number;
  /** Already opened as the installed app: `(display-mode: standalone)` or iOS's navigator.standalone. */
  standalone: boolean;
};

export function readDevice(): Device {
  const standalone =
    window.matchMedia("(display-mode: standalone)").matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return {
    userAgent: navigator.userAgent,
    platform: navigator.platform,
    maxTouchPoints: navigator.maxTouchPoints,
    coarsePointer: window.matchMedia("(pointer: coarse)").matches,
    width: window.innerWidth,
    standalone,
  };
}

/** A phone: a finger on a window narrower than the sidebar's breakpoint (spec §9). */
export const isPhone = (device: Device) => device.coarsePointer && device.width < MOBILE_BREAKPOINT;

/** iOS or iPadOS, whatever the browser (all of them are Safari's engine there). */
export const isAppleMobile = (device: Device) =>
  /\b(iPhone|iPad|iPod)\b/.test(device.userAgent) ||
  (device.platform === "MacIntel" && device.maxTouchPoints > 1);

/** Safari itself, not Chrome, Firefox, Edge, Opera or Google's app on iOS, whose menus differ. */
export const isSafari = (userAgent: string) =>
  /\bSafari\//.test(userAgent) &&
  !/\b(CriOS|FxiOS|EdgiOS|OPiOS|OPT|GSA|YaBrowser|DuckDuckGo)\//.test(userAgent);

export type InstallHint = "offer" | "ios" | null;

/** Which hint this device gets, if any. */
export function installHint(device: Device, state: { offered: boolean; dismissed: boolean }): InstallHint {
  if (device.standalone || state.dismissed || !isPhone(device)) return null;
  if (state.offered) return "offer";
  if (isAppleMobile(device) && isSafari(device.userAgent)) return "ios";
  return null;
}

const DISMISSED_KEY = "balcao:install-hint-dismissed";

export function hintDismissed(): boolean {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) === "1";
  } catch {
    // Storage blocked (privacy settings): the hint is shown, and closed for this page only.
    return false;
  }
}

export function dismissHint(): void {
  try {
    window.localStorage.setItem(DISMISSED_KEY, "1");
  } catch {
    // As above.
  }
}
