import type { FastifyBaseLogger } from "fastify";
import { todayInSaoPaulo } from "@/domain/dates";
import { type RequestKind, requestKind } from "@/domain/requests/kinds";
import { isBusinessDay } from "@/domain/sla/business-hours";
import { prazoOf, prazoText } from "@/domain/sla/service-level";
import type { Executor } from "../../db/client";
import type { Mailer } from "../../mail/mailer";
import { lateRequestsEmail } from "../../mail/templates";
import { allTeamScopes, memberEmailsOf } from "../teams/teams.queries";
import { claimReminder, listTargets } from "./sla.queries";

/** The reminder goes from this hour (São Paulo) on business days: the start of the working day (decision 014). */
export const REMINDER_HOUR = 9;
/** The oldest open requests of a reviewer's queue it looks at; the late ones are the oldest. */
const QUEUE_WINDOW = 500;

/** An open request of a reviewer's queue, as the reminder reads it. */
export type QueuedForReminder = {
  tipo: RequestKind;
  id: string;
  status: string;
  sla_minutes: number;
  status_changed_at: string | Date;
  requester_name: string;
  resumo_campos: Record<string, unknown>;
};

/**
 * The daily e-mail that lists each reviewer's late requests (docs/decisions/014):
 * one per member of a reviewing team per business day, only when something is
 * late, claimed per address so several instances send it once.
 */
export function createLateReminders(deps: {
  db: Executor;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /**
   * The oldest open requests of the queue of the person at `email`, and their
   * name: the review desk's, passed in (it shows the deadlines this module
   * computes, so this module never imports it).
   */
  queueOf: (email: string, limit: number) => Promise<{ name: string; rows: QueuedForReminder[] }>;
}) {
  const { db, log } = deps;

  return async function sendLateReminders(now: Date): Promise<number> {
    const day = todayInSaoPaulo(now);
    if (!isBusinessDay(now) || now < new Date(`${day}T${String(REMINDER_HOUR).padStart(2, "0")}:00:00-03:00`))
      return 0;
    const targets = await listTargets(db);
    if (!targets.size) return 0;
    const reviewing = (await allTeamScopes(db)).filter((t) => t.kinds.length || t.departamentos.length);
    let sent = 0;
    for (const email of await memberEmailsOf(
      db,
      reviewing.map((t) => t.id),
    )) {
      const { name, rows } = await deps.queueOf(email, QUEUE_WINDOW);
      const late = rows.flatMap((r) => {
        const prazo = prazoOf(
          {
            workflow: requestKind(r.tipo).workflow,
            status: r.status,
            slaMinutes: Number(r.sla_minutes),
            statusChangedAt: new Date(r.status_changed_at),
          },
          targets.get(r.tipo),
          now,
          true,
        );
        return prazo?.situacao === "atrasada" ? [{ row: r, prazo }] : [];
      });
      if (!late.length || !(await claimReminder(db, email, day, now))) continue;
      await deps.mailer
        .send(
          lateRequestsEmail({
            to: email,
            name,
            items: late.map(({ row, prazo }) => ({
              kindLabel: requestKind(row.tipo).label,
              requester: row.requester_name,
              summary: requestKind(row.tipo).list.summary(row.resumo_campos),
              late: prazoText(prazo),
              url: `${deps.publicUrl}/solicitacoes/${row.tipo}/${row.id}`,
            })),
            queueUrl: `${deps.publicUrl}/caixa`,
          }),
        )
        .then(() => {
          sent += 1;
        })
        .catch((err) => log.error({ err }, "late-requests reminder not sent"));
    }
    return sent;
  };
}
