import { useSyncExternalStore } from "react";

/*
 * How far the upload of the form being sent has gone, for the form's progress bar
 * (components/form/request-form-layout.tsx). One upload at a time per page: a form sends once at
 * a time (use-single-submit.ts), and drafts sent in the background report none.
 */

export type UploadProgress = { loaded: number; total: number };

let current: UploadProgress | null = null;
const listeners = new Set<() => void>();

function emit(next: UploadProgress | null) {
  current = next;
  for (const listener of listeners) listener();
}

export function reportUploadProgress(loaded: number, total: number): void {
  emit({ loaded, total });
}

export function endUploadProgress(): void {
  if (current) emit(null);
}

/** The upload's share sent, 0 to 100, or null when no upload is running. */
export function uploadPercent(progress: UploadProgress | null): number | null {
  if (!progress) return null;
  if (progress.total <= 0) return 0;
  return Math.min(100, Math.round((progress.loaded / progress.total) * 100));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUploadProgress(): UploadProgress | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
