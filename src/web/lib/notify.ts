import { toast } from "sonner";

/*
 * Spec §4: at most one toast at a time. The Toaster shows only one
 * (visibleToasts={1}); dismissing the previous ones also keeps them from
 * queueing behind it and from being read out after the new one.
 */
type Options = { description?: string; id?: string };

export function notifyError(title: string, options: Options = {}) {
  toast.dismiss();
  return toast.error(title, options);
}

export function notifySuccess(title: string, options: Options = {}) {
  toast.dismiss();
  return toast.success(title, options);
}

/** Neither success nor failure: 'Em desenvolvimento' (spec §8), or a delivery still queued. */
export function notifyInfo(title: string, options: Options = {}) {
  toast.dismiss();
  return toast.info(title, options);
}
