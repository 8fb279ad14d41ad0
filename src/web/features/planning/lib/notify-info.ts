import { toast } from "sonner";

/*
 * Spec §8: every toast but a success is destructive, except 'Em desenvolvimento'
 * (an integration not configured is no failure). Dismissing first keeps spec §4's
 * one toast at a time, as web/lib/notify.ts does for the others.
 */
export function notifyInfo(title: string, options: { description?: string } = {}) {
  toast.dismiss();
  return toast.info(title, options);
}
