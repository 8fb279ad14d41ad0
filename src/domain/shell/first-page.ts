const ROOT_DIV = '<div id="root"></div>';

/** The pages drawn before any script: /login by the build, the signed-in ones by the server (decisions 025, 027, 068). */
export type FirstPageName = "login" | "home" | "solicitacoes" | "caixa" | "solicitacao";

/**
 * index.html with a page already drawn beside #root: /login by the build
 * (build/vite-plugins/first-pages-html.ts), / and the other signed-in first pages by the server
 * (src/server/web-serving/first-pages.ts).
 * Inert, so nothing can be typed or submitted before the app runs, and hidden from assistive
 * technology, until the app draws the same page and removes it (src/web/lib/prerendered.ts).
 * Decisions 025 and 027.
 */
export function withPrerendered(html: string, page: FirstPageName, markup: string): string {
  if (!html.includes(ROOT_DIV)) throw new Error(`no ${ROOT_DIV} in the page`);
  return html.replace(
    ROOT_DIV,
    () => `<div id="prerendered" data-page="${page}" inert aria-hidden="true">${markup}</div>${ROOT_DIV}`,
  );
}

/** The id of the answer a drawn page was drawn with, written beside it for the app (decision 068). */
export const FIRST_PAGE_DATA_ID = "first-page-data";

/**
 * A drawn page's HTML with the API's answer it was drawn with, for the app to draw the same at once
 * instead of asking for it again (src/web/app/routes/app/solicitacao.tsx): a JSON data block, which
 * the browser never runs (the Content-Security-Policy allows no inline script, and needs not allow
 * this), its `<` written as `\u003c` so that nothing in the answer can close the element.
 */
export function withPageData(html: string, address: string, data: unknown): string {
  if (!html.includes(ROOT_DIV)) throw new Error(`no ${ROOT_DIV} in the page`);
  const json = JSON.stringify({ address, data }).replace(/</g, "\\u003c");
  return html.replace(
    ROOT_DIV,
    () => `<script type="application/json" id="${FIRST_PAGE_DATA_ID}">${json}</script>${ROOT_DIV}`,
  );
}
