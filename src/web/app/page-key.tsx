import { createContext, useContext } from "react";
import { matchRoutes, type RouteObject, useLocation } from "react-router";

/**
 * The app's routes, provided by router.tsx: the layouts read them here rather than importing the
 * router, which imports the layouts (no import cycle in src, src/import-cycles.test.ts).
 */
export const RoutesContext = createContext<readonly RouteObject[]>([]);

/**
 * The route pattern the address matches (e.g. "/solicitacoes/:tipo/:id"), to key a layout's
 * Suspense by: a new page gets a new boundary, so the page it replaces leaves the document at
 * once instead of staying there hidden (React keeps a boundary's old content, display: none,
 * while its next page's chunk loads) under the new address.
 */
export function usePageKey(): string {
  const routes = useContext(RoutesContext);
  const { pathname } = useLocation();
  const leaf = matchRoutes([...routes], pathname)?.at(-1)?.route;
  return leaf?.index ? "(index)" : (leaf?.path ?? pathname);
}
