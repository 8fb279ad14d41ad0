/**
 * A chunk loaded on demand (`import()`) that waits for the connection instead of failing. Before
 * the service worker has kept the build (decision 062), a chunk first wanted with no connection
 * cannot come: React.lazy would throw that failure into the tree and blank the page the person is
 * filling in. Waiting keeps the page; the import is tried again when the connection returns, which
 * brings the chunk where the browser fetches a failed module again (Chromium keeps the failure for
 * the page's life, hence the toaster loaded as a form is filled: use-server-form.ts).
 */
export function importWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(
    () =>
      new Promise<T>((resolve) => {
        const retry = () => {
          window.removeEventListener("online", retry);
          resolve(importWhenOnline(load));
        };
        window.addEventListener("online", retry);
      }),
  );
}
