import Bowser from "bowser";

/*
 * What a person recognises a session by on 'Minha conta' (docs/decisions/051):
 * the system and kind of device, and the browser, read from the User-Agent the
 * session was created with. Bowser (MIT, already in the tree through the AWS SDK)
 * rather than ua-parser-js, whose current major is AGPL.
 */

const PLATFORMS: Record<string, string> = {
  desktop: "Computador",
  mobile: "Celular",
  tablet: "Tablet",
  tv: "TV",
};

export const UNKNOWN_DEVICE = "Dispositivo desconhecido";
export const UNKNOWN_BROWSER = "Navegador desconhecido";

export function describeUserAgent(userAgent: string | null): { device: string; browser: string } {
  if (!userAgent) return { device: UNKNOWN_DEVICE, browser: UNKNOWN_BROWSER };
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  const os = parsed.os.name;
  const platform = parsed.platform.type ? PLATFORMS[parsed.platform.type] : undefined;
  const device = [os, platform].filter(Boolean).join(" · ") || UNKNOWN_DEVICE;
  const name = parsed.browser.name;
  const major = parsed.browser.version?.split(".")[0];
  const browser = name ? (major ? `${name} ${major}` : name) : UNKNOWN_BROWSER;
  return { device, browser };
}
