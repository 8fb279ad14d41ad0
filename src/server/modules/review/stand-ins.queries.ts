import { sql } from "drizzle-orm";
import type { StandIn } from "@/domain/requests/access";
import type { Executor } from "../../db/client";
import { requests, substitutes, teamMembers, users } from "../../db/schema";
import { fieldSql } from "../requests/request-store";

/**
 * The teams whose awaited approvals `userId` may give today in the stead of members away on an
 * approved absence who chose them as 'Substituto' (docs/decisions/060); only `teamIds` when given.
 */
export async function standInsOf(
  db: Executor,
  userId: string,
  today: string,
  teamIds?: readonly string[],
): Promise<StandIn[]> {
  if (teamIds && !teamIds.length) return [];
  const onlyTeams = teamIds
    ? sql`and m.team_id in (${sql.join(
        teamIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const result = await db.execute(sql`
    select m.team_id, array_agg(distinct away.id) as for_ids
    from ${substitutes} s
    join ${users} away on away.id = s.user_id and away.deactivated_at is null
    join ${teamMembers} m on m.email = away.email ${onlyTeams}
    where s.substituto_id = ${userId}
      and exists (select 1 from ${requests} r
        where r.kind = 'ausencia' and r.status = 'aprovado' and r.user_id = away.id
          and ${fieldSql("ausencia", "primeiroDia")} <= ${today}
          and ${fieldSql("ausencia", "ultimoDia")} >= ${today})
    group by m.team_id`);
  return (result.rows as { team_id: string; for_ids: string[] }[]).map((r) => ({
    teamId: r.team_id,
    forIds: r.for_ids,
  }));
}
