import { hashPassword, verifyPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PASSWORD, passwordLogin, signedInUser } from "../testing/auth-helpers";
import { describeWithApp } from "../testing/test-app";
import { testPasswordHasher } from "../testing/test-password-hasher";

/* The API tests hash with a cheaper scrypt (docs/decisions/057); production's stays better-auth's. */

describeWithApp(
  "passwords as production stores them",
  { env: { REQUIRE_EMAIL_VERIFICATION: "false" }, productionPasswordHashing: true },
  (ctx) => {
    it("keeps better-auth's scrypt: its own verifier accepts the stored hash, and only the right password signs in", async () => {
      const ana = await signedInUser(ctx(), "ana@agencia.digital", "Ana Souza");
      const rows = await ctx().database.db.execute<{ password: string }>(
        sql`select password from accounts where user_id = ${ana.user.id} and provider_id = 'credential'`,
      );
      const stored = rows.rows[0]!.password;
      expect(stored).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect(await verifyPassword({ hash: stored, password: PASSWORD })).toBe(true);
      expect((await passwordLogin(ctx(), "ana@agencia.digital", "outra-senha")).statusCode).toBe(401);
    });
  },
);

describe("the tests' password hasher", () => {
  it("is a salted hash that refuses a wrong password", async () => {
    const first = await testPasswordHasher.hash(PASSWORD);
    expect(first).not.toContain(PASSWORD);
    expect(await testPasswordHasher.hash(PASSWORD)).not.toBe(first);
    expect(await testPasswordHasher.verify({ hash: first, password: PASSWORD })).toBe(true);
    expect(await testPasswordHasher.verify({ hash: first, password: `${PASSWORD}x` })).toBe(false);
  });

  it("still checks a hash that better-auth's own hasher wrote", async () => {
    const stored = await hashPassword(PASSWORD);
    expect(await testPasswordHasher.verify({ hash: stored, password: PASSWORD })).toBe(true);
    expect(await testPasswordHasher.verify({ hash: stored, password: "errada" })).toBe(false);
  });
});
