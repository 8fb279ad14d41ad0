const ROOT_DIV = '<div id="root"></div>';

/**
 * index.html with a page already drawn beside #root: /login by the build
 * (build/vite-plugins/first-pages-html.ts), / by the server (src/server/web-serving/first-pages.ts).
 * Inert, so nothing can be typed or submitted before the app runs, and hidden from assistive
 * technology, until the app draws the same page and removes it (src/web/lib/prerendered.ts).
 * Decisions 025 and 027.
 */
export function withPrerendered(html: string, page: "login" | "home", markup: string): string {
  if (!html.includes(ROOT_DIV)) throw new Error(`no ${ROOT_DIV} in the page`);
  return html.replace(
    ROOT_DIV,
    () => `<div id="prerendered" data-page="${page}" inert aria-hidden="true">${markup}</div>${ROOT_DIV}`,
  );
}
