import { useLayoutEffect, useState } from "react";
import { SplashScreen } from "@/web/features/shell/components/splash-screen";
import { releasePrerendered } from "@/web/lib/prerendered";
import { AppProvider } from "./provider";
import { AppRouter } from "./router";

export const SKIP_SPLASH_KEY = "balcao:skip-splash";

/**
 * Spec §2: a 3 s splash before the routes, on every fresh load of the app.
 * The end-to-end tests skip it, so that each test does not wait 3.5 s, by setting
 * sessionStorage "balcao:skip-splash" to "1" or opening a URL with `?nosplash`.
 * A real user never has either, so always sees it on a fresh tab load.
 */
function shouldShowSplash(): boolean {
  try {
    if (window.sessionStorage.getItem(SKIP_SPLASH_KEY) === "1") return false;
  } catch {
    // Storage can be blocked (privacy settings); then only the URL decides.
  }
  return !new URLSearchParams(window.location.search).has("nosplash");
}

export function App() {
  const [showSplash, setShowSplash] = useState(shouldShowSplash);
  // The script route-preload (build/vite-plugins/route-preload.ts) applies this same rule before
  // the first paint, hiding login.html's prerendered page; should the two ever disagree, the splash wins.
  useLayoutEffect(() => {
    if (showSplash) releasePrerendered();
  }, [showSplash]);
  return (
    <AppProvider>
      {showSplash ? <SplashScreen onComplete={() => setShowSplash(false)} /> : <AppRouter />}
    </AppProvider>
  );
}
