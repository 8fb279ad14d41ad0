import { toast } from "sonner";
import { planMessages } from "@/domain/planning/messages";

/**
 * 409 PLAN_CONFLICT: someone saved the plan after it was opened here. The toast
 * offers the reload; nothing is reloaded on its own, so the edits stay on
 * screen until the person chooses.
 */
export function notifyConflict(onReload: () => void) {
  toast.dismiss();
  return toast.error(planMessages.conflict.title, {
    description: planMessages.conflict.description,
    action: { label: "Recarregar", onClick: onReload },
    duration: 10_000,
  });
}
