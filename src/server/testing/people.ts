import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { signedInUser } from "./auth-helpers";
import type { TestContext } from "./test-app";

/** A signed-in person of an API test: their session cookie, id and e-mail. */
export type Person = { cookie: string; user: { id: string }; email: string };

export async function person(ctx: TestContext, email: string, name: string): Promise<Person> {
  return { ...(await signedInUser(ctx, email, name)), email };
}

/** Puts an address in a built-in team (as an administrator would, without the page). */
export async function joinTeam(ctx: TestContext, key: string, email: string) {
  await ctx.database.db.execute(
    sql`insert into team_members (team_id, email) select id, ${email} from teams where key = ${key}`,
  );
}

/** Sets the members of the built-in Financeiro team as an administrator does on 'Equipes e permissões'. */
export async function setFinanceiro(ctx: TestContext, admin: Person, members: string[]) {
  const page = await ctx.app.inject({ url: "/api/admin/equipes", headers: { cookie: admin.cookie } });
  const team = (
    page.json().teams as { id: string; name: string; kinds: string[]; departamentos: string[] }[]
  ).find((t) => t.name === "Financeiro")!;
  const saved = await ctx.app.inject({
    method: "PUT",
    url: `/api/admin/equipes/${team.id}`,
    headers: { cookie: admin.cookie },
    payload: { name: team.name, kinds: team.kinds, departamentos: team.departamentos, members },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}
