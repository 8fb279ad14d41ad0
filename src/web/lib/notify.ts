import { toasterReady } from "@/web/components/ui/lazy-toaster";
import { importWhenOnline } from "./import-when-online";

/*
 * Spec §4: at most one toast at a time. The Toaster shows only one
 * (visibleToasts={1}); dismissing the previous ones also keeps them from
 * queueing behind it and from being read out after the new one.
 *
 * sonner is loaded with the first toast (components/ui/lazy-toaster.tsx), so a page that shows
 * none, /login as it opens, does not download it; the toast appears once it has loaded.
 */
type Options = { description?: string; id?: string };
type Kind = "error" | "success" | "info";

function show(kind: Kind, title: string, options: Options) {
  void Promise.all([importWhenOnline(() => import("sonner")), toasterReady()]).then(([{ toast }]) => {
    toast.dismiss();
    toast[kind](title, options);
  });
}

export function notifyError(title: string, options: Options = {}) {
  show("error", title, options);
}

export function notifySuccess(title: string, options: Options = {}) {
  show("success", title, options);
}

/** Neither success nor failure: 'Em desenvolvimento' (spec §8), or a delivery still queued. */
export function notifyInfo(title: string, options: Options = {}) {
  show("info", title, options);
}
