import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/schema";

/** Sets the user's name; the user as the API shows it, or undefined when there is no such user. */
export async function updateUserName(db: Db, userId: string, name: string) {
  const [user] = await db
    .update(users)
    .set({ name })
    .where(eq(users.id, userId))
    .returning({ id: users.id, email: users.email, name: users.name });
  return user;
}

/** The person's sessions that have not expired, the most recently used first (tokens stay on the server). */
export async function listActiveSessions(db: Db, userId: string) {
  return db
    .select({
      id: sessions.id,
      token: sessions.token,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.updatedAt), desc(sessions.createdAt));
}

/** The token of the session `id` when it belongs to `userId`, else null: nobody ends another's session. */
export async function findOwnSessionToken(db: Db, userId: string, id: string) {
  const [row] = await db
    .select({ token: sessions.token })
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
    .limit(1);
  return row?.token ?? null;
}
