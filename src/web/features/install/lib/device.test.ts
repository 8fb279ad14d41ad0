import { describe, expect, it } from "vitest";
import { type Device, installHint, isAppleMobile, isSafari } from "./device";

const UA = {
  iphoneSafari:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  iphoneChrome:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
  iphoneFirefox:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/132.0 Mobile/15E148 Safari/605.1.15",
  ipadDesktopSite:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  android:
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  macSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
};

const phone = (userAgent: string, more: Partial<Device> = {}): Device => ({
  userAgent,
  platform: userAgent.includes("iPhone") ? "iPhone" : "Linux armv8l",
  maxTouchPoints: 5,
  coarsePointer: true,
  width: 390,
  standalone: false,
  ...more,
});
const none = { offered: false, dismissed: false };

describe("'Instalar o Balcão' (decision 062)", () => {
  it("on a phone whose browser offers installation, offers it", () => {
    expect(installHint(phone(UA.android), { offered: true, dismissed: false })).toBe("offer");
    expect(installHint(phone(UA.android), none)).toBeNull();
  });

  it("on an iPhone in Safari, gives the Share menu's steps", () => {
    expect(installHint(phone(UA.iphoneSafari), none)).toBe("ios");
  });

  it("not in the other browsers of an iPhone, whose menus differ", () => {
    expect(installHint(phone(UA.iphoneChrome), none)).toBeNull();
    expect(installHint(phone(UA.iphoneFirefox), none)).toBeNull();
  });

  it("never once installed, once closed, or on a desktop", () => {
    expect(installHint(phone(UA.iphoneSafari, { standalone: true }), none)).toBeNull();
    expect(installHint(phone(UA.android), { offered: true, dismissed: true })).toBeNull();
    const desktop = { coarsePointer: false, width: 1280, maxTouchPoints: 0, platform: "MacIntel" };
    expect(installHint(phone(UA.macSafari, desktop), { offered: true, dismissed: false })).toBeNull();
    // A touch screen as wide as a desktop's (a tablet, a laptop) is not a phone either.
    expect(installHint(phone(UA.android, { width: 1024 }), { offered: true, dismissed: false })).toBeNull();
  });

  it("knows an iPad that asks for the desktop site, and Safari from the others", () => {
    expect(isAppleMobile(phone(UA.ipadDesktopSite, { platform: "MacIntel", maxTouchPoints: 5 }))).toBe(true);
    expect(isAppleMobile(phone(UA.macSafari, { platform: "MacIntel", maxTouchPoints: 0 }))).toBe(false);
    expect(isSafari(UA.iphoneSafari)).toBe(true);
    expect(isSafari(UA.iphoneChrome)).toBe(false);
    expect(isSafari(UA.iphoneFirefox)).toBe(false);
  });
});
