import { sql } from "drizzle-orm";
import { KIND_NAMES, kindMeta } from "@/domain/requests/kinds/meta";
import type { Db } from "../../db/client";
import { teams } from "../../db/schema";
import { appendEvent } from "../timeline/timeline.queries";

/** Who the history names for what the server did by itself at start. */
const SYSTEM_ACTOR = { id: null, name: "Balcão", email: null };

/** The team history's type for a kind given at start; team-history.ts summarizes it. */
export const KIND_ASSIGNED_EVENT = "tipo_atribuido";

/**
 * A kind that no team handles goes to the built-in team its meta names
 * (`handledBy`), recorded in that team's history: a kind added after
 * installation reaches its team with no migration, and an administrator's
 * later choice stands, since the kind is then handled (docs/decisions/039).
 * One statement per kind, safe with two instances starting at once: the
 * second's update finds the kind already in the row it waited for.
 */
export async function assignUnhandledKinds(db: Db): Promise<string[]> {
  const assigned: string[] = [];
  for (const kind of KIND_NAMES) {
    const team = kindMeta(kind).handledBy;
    if (!team) continue;
    const result = await db.transaction(async (tx) => {
      const rows = await tx
        .update(teams)
        .set({ kinds: sql`array_append(${teams.kinds}, ${kind}::text)`, updatedAt: sql`now()` })
        .where(
          sql`${teams.key} = ${team} and not (${kind}::text = any(${teams.kinds}))
            and not exists (select 1 from ${teams} other where ${kind}::text = any(other.kinds))`,
        )
        .returning({ id: teams.id });
      for (const row of rows)
        await appendEvent(tx, {
          subjectKind: "equipe",
          subjectId: row.id,
          actor: SYSTEM_ACTOR,
          type: KIND_ASSIGNED_EVENT,
          data: { kind },
        });
      return rows.length;
    });
    if (result) assigned.push(kind);
  }
  return assigned;
}
