import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { loadClassMerge } from "@/web/lib/cn";

type PageModule<P> = { default: ComponentType<P> };

/** A page loaded on first use (React.lazy) that can also be asked to load ahead of it. */
export type LazyPage<P = object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<PageModule<P>>;
};

/**
 * Route-level code splitting: each page is its own chunk. `preload` starts the download
 * without rendering, so the pages of the address a tab opens on load in parallel with the
 * session check instead of one after the other as the layouts render (router.tsx).
 *
 * A page is ready once tailwind-merge is too (lib/cn.ts), unless it is drawn without it
 * (`classMerge: false`: /login and its layout, whose markup app/class-merge.test.tsx checks needs none).
 */
export function lazyPage<P = object>(
  load: () => Promise<PageModule<P>>,
  { classMerge = true }: { classMerge?: boolean } = {},
): LazyPage<P> {
  let loading: Promise<PageModule<P>> | undefined;
  const preload = () => {
    loading ??= (classMerge ? Promise.all([load(), loadClassMerge()]).then(([page]) => page) : load()).catch(
      (error: unknown) => {
        // A failed download (offline, a deploy replaced the chunk) may be tried again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}
