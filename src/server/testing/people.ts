import { sql } from "drizzle-orm";
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
