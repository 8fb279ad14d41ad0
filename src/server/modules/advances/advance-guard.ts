import { formatDateBR, todayInSaoPaulo } from "@/domain/dates";
import { adiantamentoMessages } from "@/domain/requests/kinds/adiantamento";
import { AppError } from "../../http/errors";
import type { KindCheck } from "../requests/kind-guards";
import { overdueAdvance } from "./advances.queries";

/**
 * A new advance is refused while another of the person's is past its settlement's deadline
 * (docs/decisions/067). Run in the transaction that stores it, under the person's advance lock:
 * two asks at once wait for each other, and a settlement committed before is seen.
 */
export const advanceGuard: KindCheck = async (db, _record, { userId }) => {
  const overdue = await overdueAdvance(db, userId, todayInSaoPaulo(), { lock: true });
  if (overdue)
    throw new AppError(409, "ADVANCE_OVERDUE", adiantamentoMessages.overdue(formatDateBR(overdue.deadline)));
  return undefined;
};
