import { REQUEST_KINDS, type RequestKind, requestKind } from "@/domain/requests/kinds";
import type { ServiceLevels } from "@/domain/sla/api";
import type { ServiceLevelInput } from "@/domain/sla/service-level";
import { type Prazo, prazoOf } from "@/domain/sla/service-level";
import type { Db, Executor } from "../../db/client";
import type { SignedInContext } from "../../http/request-context";
import { appendEvent } from "../timeline/timeline.queries";
import { deleteTarget, listTargets, upsertTarget } from "./sla.queries";

/*
 * Service levels (docs/decisions/014): each kind's target in business
 * hours, set by administrators, and the deadline each reader sees.
 */

/** The audit trail of the targets: events of the subject 'prazo:<kind>' (the nil id: a kind has no row of its own). */
const NIL_ID = "00000000-0000-0000-0000-000000000000";

/** What the service level says of one request to its reader, or null (no target, or closed). */
export async function requestPrazo(
  db: Executor,
  kind: RequestKind,
  row: { status: string; slaMinutes?: number | undefined; statusChangedAt: Date },
  forReviewer: boolean,
  now = new Date(),
): Promise<Prazo | null> {
  const targets = await listTargets(db);
  const clock = {
    workflow: requestKind(kind).workflow,
    status: row.status,
    slaMinutes: row.slaMinutes ?? 0,
    statusChangedAt: row.statusChangedAt,
  };
  return prazoOf(clock, targets.get(kind), now, forReviewer);
}

/** The same for the rows of a queue page, with the targets read once. */
export async function queuePrazos(
  db: Executor,
  rows: readonly {
    tipo: RequestKind;
    status: string;
    sla_minutes: number;
    status_changed_at: string | Date;
  }[],
  now = new Date(),
): Promise<(Prazo | null)[]> {
  if (!rows.length) return [];
  const targets = await listTargets(db);
  return rows.map((r) =>
    prazoOf(
      {
        workflow: requestKind(r.tipo).workflow,
        status: r.status,
        slaMinutes: Number(r.sla_minutes),
        statusChangedAt: new Date(r.status_changed_at),
      },
      targets.get(r.tipo),
      now,
      true,
    ),
  );
}

export function createSlaService(deps: { db: Db }) {
  const { db } = deps;

  async function list(): Promise<ServiceLevels> {
    const targets = await listTargets(db);
    return { items: REQUEST_KINDS.map((tipo) => ({ tipo, metaHoras: targets.get(tipo) ?? null })) };
  }

  async function set(context: SignedInContext, kind: RequestKind, input: ServiceLevelInput) {
    await db.transaction(async (tx) => {
      const removed = input.metaHoras === null ? await deleteTarget(tx, kind) : true;
      if (input.metaHoras !== null) await upsertTarget(tx, kind, input.metaHoras);
      if (!removed) return;
      await appendEvent(tx, {
        subjectKind: `prazo:${kind}`,
        subjectId: NIL_ID,
        actor: {
          id: context.user.id,
          name: context.user.name || context.user.email,
          email: context.user.email,
        },
        type: input.metaHoras === null ? "prazo_removido" : "prazo_definido",
        data: { kind, targetHours: input.metaHoras },
      });
      context.log.info({ kind, targetHours: input.metaHoras }, "service level changed");
    });
    return { tipo: kind, metaHoras: input.metaHoras };
  }

  return { list, set };
}

export type SlaService = ReturnType<typeof createSlaService>;
