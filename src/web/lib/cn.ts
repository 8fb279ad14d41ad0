import { type ClassValue, clsx } from "clsx";

/*
 * tailwind-merge (7 KB compressed, most of it its table of Tailwind's classes) is loaded on its
 * own, not with every page: /login, the page with the tightest JavaScript budget, never loads it
 * (decision 025). Every other page waits for it before it draws (app/lazy-page.ts), so there
 * `cn` merges as it always did. What draws before it is in (the splash, the session check's
 * loader, the error page, /login's layout and form) joins its classes without merging and so
 * must pass no class that a component's own would have to give way to; app/class-merge.test.tsx renders
 * those both ways and checks the markup is the same.
 */
let merge: (classes: string) => string = (classes) => classes;
let loading: Promise<void> | undefined;

/** Loads tailwind-merge once; `cn` merges from then on. */
export function loadClassMerge(): Promise<void> {
  loading ??= import("tailwind-merge").then(
    (m) => {
      merge = m.twMerge;
    },
    (error: unknown) => {
      // A failed download (offline, a deploy) may be tried again by the next page.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Joins class names and, once tailwind-merge is in, lets later Tailwind utilities win over earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs));
}
