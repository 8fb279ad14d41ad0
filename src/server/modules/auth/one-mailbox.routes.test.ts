import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { authMessages } from "@/domain/messages";
import { type App, buildApp } from "../../app";
import { createLocalStorage } from "../../storage/local-storage";
import {
  confirmationLink,
  cookieHeader,
  PASSWORD,
  register,
  requestMagicLink,
  signedInUser,
} from "../../testing/auth-helpers";
import { describeWithApp, TEST_AUTH_SECRET, TEST_WEBHOOK_SECRET, within } from "../../testing/test-app";

/*
 * A company e-mail is one company mailbox (docs/decisions/028): an address is
 * `local@domain` and nothing else, wherever it is typed, and an account stored
 * with anything else before the rule existed cannot sign in.
 */

const HOSTILE = [
  "x@gmail.com,y@agencia.digital",
  "Eve <eve@gmail.com> z@agencia.digital",
  "eve@gmail.com z@agencia.digital",
  "atk@gmail.com\r\nBcc: y@agencia.digital",
  "eve@gmail.com;z@agencia.digital",
  '"eve@gmail.com"@agencia.digital',
  "<eve@gmail.com>@agencia.digital",
  "eve@gmail.com@agencia.digital",
  "eve(gmail.com)@agencia.digital",
  "ana..souza@agencia.digital",
  `${"a".repeat(65)}@agencia.digital`,
  `${"a".repeat(64)}@${"d".repeat(63)}.${"d".repeat(63)}.${"e".repeat(59)}.agencia.digital`,
];

const invalid = authMessages.emailInvalid;

describeWithApp("one company mailbox: sign-up, sign-in, magic link, resend", {}, (ctx) => {
  const post = (url: string, payload: object) => ctx().app.inject({ method: "POST", url, payload });
  const count = async (table: "users" | "sessions") =>
    (
      (await ctx().database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))
        .rows[0] as {
        n: number;
      }
    ).n;

  it("refuses every address that is not one mailbox with 'Email inválido' on the field: nothing stored, nothing sent", async () => {
    const calls: [string, (email: string) => object][] = [
      [
        "/api/register",
        (email) => ({ name: "Eve Souza", email, password: PASSWORD, confirmPassword: PASSWORD }),
      ],
      ["/api/login", (email) => ({ email, password: PASSWORD })],
      ["/api/magic-link", (email) => ({ email })],
      ["/api/confirm-email/resend", (email) => ({ email })],
    ];
    for (const [url, body] of calls) {
      for (const email of HOSTILE) {
        const res = await post(url, body(email));
        expect(res.statusCode, `${url} ${JSON.stringify(email)}`).toBe(400);
        expect(res.json(), url).toEqual({
          message: invalid.title,
          description: invalid.description,
          code: "EMAIL_INVALID",
          fields: { email: invalid.description },
        });
      }
      // A NUL is refused at the door for every field, also with a Portuguese field message.
      const nul = await post(url, body("eve@gmail.com\u0000@agencia.digital"));
      expect(nul.statusCode).toBe(400);
      expect(nul.json().fields).toEqual({ email: "Contém caracteres não permitidos" });
    }
    expect(await count("users")).toBe(0);
    expect(ctx().mail.mails).toEqual([]);
  });

  it("counts a text that is not one mailbox against the IP only: no per-address counter keeps it", async () => {
    const huge = `${"x".repeat(100_000)}@agencia.digital`;
    for (const url of ["/api/register", "/api/login", "/api/magic-link", "/api/confirm-email/resend"]) {
      const res = await post(url, {
        name: "Eve Souza",
        email: huge,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      });
      expect(res.statusCode, url).toBe(400);
    }
    const keys = await ctx().database.db.execute(sql`select key from rate_limits order by key`);
    expect(keys.rows.map((row) => String(row.key).replace(/:[^:]*$/, ""))).toEqual([
      "login:ip",
      "magic-link:ip",
      "register:ip",
      "resend-confirmation:ip",
    ]);
  });

  it("keeps the address as one lower-case mailbox, any dot-atom character allowed, and mails only it", async () => {
    const res = await register(ctx(), {
      name: "Ana Souza",
      email: "  O'Neil+Fin@Agencia.Digital ",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user.email).toBe("o'neil+fin@agencia.digital");
    const mail = await ctx().mail.waitFor("o'neil+fin@agencia.digital", { subject: /Confirme/ });
    expect(mail.envelope).toEqual({
      from: "nao-responda@agencia.digital",
      to: ["o'neil+fin@agencia.digital"],
    });
  });

  it("does not confirm a sign-up stored with an address that is not one mailbox", async () => {
    const res = await register(ctx(), {
      name: "Ana Souza",
      email: "ana@agencia.digital",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    const nonce = cookieHeader(res.headers["set-cookie"]);
    const link = await confirmationLink(ctx(), "ana@agencia.digital");
    // As the code before this rule stored it.
    await ctx().database.db.execute(
      sql`update users set email = 'eve@gmail.com,ana@agencia.digital' where email = 'ana@agencia.digital'`,
    );
    const token = new URL(link, "http://x").searchParams.get("token")!;

    const opened = await ctx().app.inject({ method: "GET", url: link, headers: { cookie: nonce } });
    expect(opened.headers.location).toBe("/login?error=link");
    const pending = await ctx().app.inject({
      method: "GET",
      url: `/api/confirm-email/pending?token=${token}`,
    });
    expect(pending.statusCode).toBe(404);
    const chosen = await post("/api/confirm-email", {
      token,
      name: "Eve Souza",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(chosen.statusCode).toBe(400);
    const [user] = (await ctx().database.db.execute(sql`select email_verified from users`)).rows;
    expect(user).toEqual({ email_verified: false });
  });

  it("finds the accounts stored with such an address at start: the log says how many, their sessions end, they cannot sign in", async () => {
    const ana = await signedInUser(ctx(), "ana@agencia.digital", "Ana Souza");
    const bia = await signedInUser(ctx(), "bia@agencia.digital", "Bia Lima");
    await signedInUser(ctx(), "carla@agencia.digital", "Carla Reis");
    const magicLink = await requestMagicLink(ctx(), "carla@agencia.digital");
    const anaStored = "eve@gmail.com z@agencia.digital";
    // better-auth's own address check takes this one; it is not one mailbox (a 65-character local part).
    const carlaStored = `${"c".repeat(65)}@agencia.digital`;
    const { db } = ctx().database;
    await db.execute(sql`update users set email = ${anaStored} where email = 'ana@agencia.digital'`);
    await db.execute(sql`update users set email = ${carlaStored} where email = 'carla@agencia.digital'`);
    // The magic link the code before this rule would have sent to that address.
    await db.execute(
      sql`update verifications set value = replace(value, 'carla@agencia.digital', ${carlaStored})`,
    );

    const { app, lines, close } = await restart(ctx());
    try {
      await within(10_000, async () => lines.some((line) => line.msg?.includes("not one mailbox")));
      const warning = lines.find((line) => line.msg?.includes("not one mailbox"))!;
      expect(warning).toMatchObject({ level: 40, accounts: 2 });
      expect(warning.msg).toMatch(/^2 accounts /);

      const me = (cookie: string) => app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
      expect((await me(ana.cookie)).statusCode).toBe(401);
      expect((await me(bia.cookie)).statusCode).toBe(200);

      // The link mailed to that address signs nobody in.
      const opened = await app.inject({
        method: "POST",
        url: "/api/magic-link/verify",
        payload: { token: new URL(magicLink, "http://x").searchParams.get("token") },
      });
      expect(opened.statusCode).toBe(400);
      expect(opened.headers["set-cookie"]).toBeUndefined();
      // Nor does a password, through our routes or better-auth's own.
      for (const email of [anaStored, carlaStored]) {
        const login = await app.inject({
          method: "POST",
          url: "/api/login",
          payload: { email, password: PASSWORD },
        });
        expect(login.statusCode).toBe(400);
        expect(login.json().code).toBe("EMAIL_INVALID");
      }
      await expect(
        app.auth.api.signInEmail({
          body: { email: carlaStored, password: PASSWORD },
          headers: new Headers(),
        }),
      ).rejects.toThrow();
      const sessions = await db.execute(
        sql`select u.email from sessions s join users u on u.id = s.user_id order by u.email`,
      );
      expect(sessions.rows).toEqual([{ email: "bia@agencia.digital" }]);
    } finally {
      await close();
    }
  });
});

type LogLine = { level: number; msg?: string; accounts?: number };

/** A new app on the same database, as a restart makes it, with its log at hand. */
async function restart(ctx: {
  config: Parameters<typeof buildApp>[0]["config"];
  database: Parameters<typeof buildApp>[0]["database"];
  uploadsDir: string;
}) {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app: App = await buildApp({
    config: ctx.config,
    database: ctx.database,
    authSecret: TEST_AUTH_SECRET,
    webhookSecret: TEST_WEBHOOK_SECRET,
    storage: createLocalStorage(ctx.uploadsDir),
    startOutboxWorker: false,
    webRoot: null,
    logger: { level: "warn", stream },
  });
  await app.ready();
  return { app, lines, close: () => app.close() };
}
