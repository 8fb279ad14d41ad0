import { type SQL, sql } from "drizzle-orm";
import type { StandIn } from "@/domain/requests/access";
import type { Executor } from "../../db/client";
import { requests, substitutes, teamMembers, users } from "../../db/schema";
import { fieldSql } from "../requests/request-store";

/*
 * Who stands in for whom (docs/decisions/060): the members of a team away on `today` (an approved
 * absence covering it) who chose `userId` as 'Substituto'.
 */

/** An approved absence over `today`, as SQL over the requests aliased `r` (who is away, decision 060). */
export function absenceCovers(today: string): SQL {
  return sql`r.kind = 'ausencia' and r.status = 'aprovado'
    and ${fieldSql("ausencia", "primeiroDia")} <= ${today} and ${fieldSql("ausencia", "ultimoDia")} >= ${today}`;
}

/** The rows (team_id, away_id) of the members `userId` stands in for on `today`. */
function standInRows(userId: string, today: string, onlyTeams: SQL = sql``) {
  return sql`
    select m.team_id, away.id as away_id
    from ${substitutes} s
    join ${users} away on away.id = s.user_id and away.deactivated_at is null
    join ${teamMembers} m on m.email = away.email ${onlyTeams}
    where s.substituto_id = ${userId}
      and exists (select 1 from ${requests} r where r.user_id = away.id and ${absenceCovers(today)})`;
}

/** The ids of the teams `userId` stands in for on `today`, as a subquery: the queue stays one statement. */
export function standInTeamsSql(userId: string, today: string): SQL {
  return sql`select si.team_id from (${standInRows(userId, today)}) si`;
}

/** The teams whose awaited approvals `userId` may give on `today`, with whom for; only `teamIds` when given. */
export async function standInsOf(
  db: Executor,
  userId: string,
  today: string,
  teamIds: readonly string[],
): Promise<StandIn[]> {
  if (!teamIds.length) return [];
  const only = sql`and m.team_id in (${sql.join(
    teamIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
  const result = await db.execute(sql`
    select si.team_id, array_agg(distinct si.away_id) as for_ids
    from (${standInRows(userId, today, only)}) si
    group by si.team_id`);
  return (result.rows as { team_id: string; for_ids: string[] }[]).map((r) => ({
    teamId: r.team_id,
    forIds: r.for_ids,
  }));
}
