import { describe, expect, it } from "vitest";
import { FEED_FILES, feedPath } from "@/domain/absences/feed-api";
import { planExportPath } from "@/domain/planning/plan-export";
import { exportPath } from "@/domain/requests/export-api";
import { PRECACHE_MAX_BYTES, precachable, SHELL, treatmentOf } from "./rules";

const ORIGIN = "https://balcao.agencia.com.br";
const get = (url: string, mode = "cors") => treatmentOf({ url, method: "GET", mode }, ORIGIN);
const open = (url: string) => get(url, "navigate");

describe("the service worker's rules (decision 062)", () => {
  it("never touches an API answer, a file, an export, a feed or the health checks", () => {
    const never = [
      "/api/me",
      "/api/me/sessions",
      "/api/caixa",
      "/api/eventos",
      "/api/anexos/11111111-1111-4111-8111-111111111111",
      "/api/anexos/11111111-1111-4111-8111-111111111111/download?token=x",
      exportPath("csv", { status: "pendente" }),
      exportPath("zip", {}),
      planExportPath("p1", "pdf"),
      "/api/caixa/remessas/r1/arquivo",
      "/api/publico/planejamentos/tok",
      "/api/docs",
      "/api",
      feedPath("a".repeat(43), FEED_FILES.whoIsAway),
      feedPath("b".repeat(43), FEED_FILES.own),
      "/healthz",
      "/readyz",
      "/metrics",
      "/sw.js",
    ];
    for (const path of never) {
      expect(get(path), path).toBe("network");
      // Opened in a tab, a download or a feed is the server's too, never the offline shell.
      expect(open(path), path).toBe("network");
      expect(get(`${ORIGIN}${path}`), path).toBe("network");
    }
  });

  it("leaves writes and other origins alone", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "HEAD"])
      expect(treatmentOf({ url: "/assets/app-x.js", method, mode: "cors" }, ORIGIN)).toBe("network");
    expect(get("https://fonts.example.com/inter.woff2")).toBe("network");
    expect(open("https://accounts.google.com/o/oauth2/auth")).toBe("network");
    expect(get("http://balcao.agencia.com.br/assets/app-x.js")).toBe("network");
  });

  it("answers the app's pages from the network, with the shell offline", () => {
    for (const path of [
      "/",
      "/login",
      "/solicitacoes",
      "/solicitacoes/reembolso/abc",
      "/caixa?x=1",
      "/conta",
    ])
      expect(open(path), path).toBe("page");
    expect(open(SHELL)).toBe("page");
  });

  it("serves the build's files from the precache when listed there", () => {
    for (const path of [
      "/assets/app-Dwm_A8dy.js",
      "/assets/app-obhdoggL.css",
      "/icons/balcao-192.png",
      "/manifest.webmanifest",
    ])
      expect(get(path), path).toBe("precache");
    expect(get("/assets/inter-latin-wght-normal-Dx4kXJAl.woff2", "cors")).toBe("precache");
  });

  it("a path that merely starts like a rule is not caught by it", () => {
    expect(open("/apiary")).toBe("page");
    expect(open("/calendario")).toBe("page");
    expect(get("/assets/api/x.js")).toBe("precache");
  });
});

describe("what the build may precache", () => {
  it("takes the shell, the scripts, the style sheets, the fonts and the icons", () => {
    for (const file of [
      "index.html",
      "assets/app-x.js",
      "assets/app-x.css",
      "assets/inter-latin-x.woff2",
      "icons/balcao-512.png",
    ])
      expect(precachable(file, 50_000), file).toBe(true);
  });

  it("refuses the first pages' HTML, source maps, the worker and whatever is over the size limit", () => {
    for (const file of ["login.html", "home.html", "/login.html", "assets/app-x.js.map", "sw.js"])
      expect(precachable(file, 1_000), file).toBe(false);
    expect(precachable("assets/heic-to-x.js", PRECACHE_MAX_BYTES + 1)).toBe(false);
    expect(precachable("assets/heic-to-x.js", PRECACHE_MAX_BYTES)).toBe(true);
  });
});
