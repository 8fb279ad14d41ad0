/**
 * login.html (build/vite-plugins/first-pages-html.ts, decision 025) arrives with the sign-in page
 * already drawn in #prerendered, inert, while #root is hidden (styles.css). The app takes over by removing
 * it in the same commit that draws its own page (a layout effect, before the browser paints), so
 * the swap cannot be seen. Whatever else the app shows first (the splash, a redirect, an error)
 * removes it too. Everywhere else there is none and this does nothing.
 */
export function releasePrerendered(): void {
  document.getElementById("prerendered")?.remove();
}
