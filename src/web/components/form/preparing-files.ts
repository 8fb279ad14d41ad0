/*
 * Chosen files join a form's values only once prepared (a large photo reduced, a HEIC one
 * converted: decision 065), which takes a second or two on a phone. A submission that starts
 * meanwhile waits for them (useServerForm), so a receipt chosen just before 'Enviar' goes with
 * the request instead of being left behind.
 */
const preparing = new WeakMap<HTMLFormElement, Set<Promise<unknown>>>();

/** Records the preparation of files chosen in `form` until it settles. */
export function trackPreparation(form: HTMLFormElement | null | undefined, work: Promise<unknown>): void {
  if (!form) return;
  const pending = preparing.get(form) ?? new Set();
  preparing.set(form, pending);
  pending.add(work);
  const done = () => pending.delete(work);
  work.then(done, done);
}

/** Resolves once no file chosen in `form` is being prepared (files chosen meanwhile included). */
export async function filesPrepared(form: HTMLFormElement | null | undefined): Promise<void> {
  const pending = form ? preparing.get(form) : undefined;
  while (pending && pending.size > 0) await Promise.allSettled([...pending]);
}
