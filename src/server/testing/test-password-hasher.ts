import { randomBytes, scrypt } from "node:crypto";
import { promisify } from "node:util";
import { verifyPassword } from "better-auth/crypto";
import type { PasswordHasher } from "../auth/auth";

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: string,
  keylen: number,
  options: object,
) => Promise<Buffer>;
const PREFIX = "test-scrypt";

/*
 * The API tests create thousands of accounts and sign each in; at better-auth's
 * production cost (scrypt N=16384, r=16: 16 MB and tens of milliseconds a time)
 * that was most of the suite's CPU. Tests keep a real salted scrypt, only cheaper,
 * so a wrong password still fails; production's hasher is proved by its own test
 * (test-password-hasher.test.ts, docs/decisions/057).
 */
export const testPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${PREFIX}:${salt}:${(await derive(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [prefix, salt, key] = hash.split(":");
    // A hash written by better-auth's own hasher (a fixture made outside the app) is still checked.
    if (prefix !== PREFIX || !salt || !key) return verifyPassword({ hash, password });
    return (await derive(password, salt)).toString("hex") === key;
  },
};

function derive(password: string, salt: string) {
  return scryptAsync(password.normalize("NFKC"), salt, 64, { N: 1024, r: 8, p: 1 });
}
