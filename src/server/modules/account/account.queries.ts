import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

/** Sets the user's name; the user as the API shows it, or undefined when there is no such user. */
export async function updateUserName(db: Db, userId: string, name: string) {
  const [user] = await db
    .update(users)
    .set({ name })
    .where(eq(users.id, userId))
    .returning({ id: users.id, email: users.email, name: users.name });
  return user;
}
