import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderLoginPage } from "@/web/app/first-pages/prerender-login";
import { RouteError } from "@/web/app/routes/route-error";
import { MagicLinkSent } from "@/web/features/auth/components/magic-link-sent";
import { AuthLoader } from "@/web/features/shell/components/auth-loader";
import { SplashScreen } from "@/web/features/shell/components/splash-screen";
import { loadClassMerge } from "@/web/lib/cn";

/*
 * What is drawn before tailwind-merge is loaded (lib/cn.ts: the splash, the session check's
 * loader, the error page, /login's page in its states) must look the same without it: its
 * markup, rendered before and after loading it, must be identical, i.e. no class it passes
 * has to give way to another. The two renders are one test, in order, since loading is for good.
 */
const drawnWithoutMerge: Record<string, () => string> = {
  "/login (its layout and form, as login.html has it)": renderLoginPage,
  "the magic link's sent view": () =>
    renderToStaticMarkup(<MagicLinkSent email="ana@empresa.com.br" onBack={() => undefined} />),
  "the splash": () => renderToStaticMarkup(<SplashScreen onComplete={() => undefined} />),
  "the session check's loader": () => renderToStaticMarkup(<AuthLoader />),
  "the error page": () => renderToStaticMarkup(<RouteError error={new Error("x")} />),
};

function renderAll() {
  return Object.fromEntries(Object.entries(drawnWithoutMerge).map(([name, render]) => [name, render()]));
}

describe("cn before tailwind-merge is loaded", () => {
  it("draws the pages shown before it exactly as with it", async () => {
    const before = renderAll();
    await loadClassMerge();
    const after = renderAll();
    for (const name of Object.keys(drawnWithoutMerge)) {
      expect(before[name], name).toBe(after[name]);
    }
  });

  it("merges once loaded", async () => {
    await loadClassMerge();
    const { cn } = await import("@/web/lib/cn");
    expect(cn("h-2 px-4", "h-3")).toBe("px-4 h-3");
  });
});
