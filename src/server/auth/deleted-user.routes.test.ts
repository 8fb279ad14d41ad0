import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { App } from "../app";
import { signedInUser } from "../testing/auth-helpers";
import { describeWithApp, secondInstance, type TestContext, within } from "../testing/test-app";

/*
 * Decision 030: a person whose row is deleted by hand in SQL (`delete from users where id = …`)
 * is signed out everywhere at once. Their old cookie answers 401 to every method on every
 * instance — never a cached 200, never a 500 from a write that names them.
 */

const env = { REQUIRE_EMAIL_VERIFICATION: "false" };

const me = (app: App, cookie: string) => app.inject({ url: "/api/me", headers: { cookie } });

/** A write that stores the person's id (a support request): a foreign key to `users`. */
const write = (app: App, cookie: string) =>
  app.inject({
    method: "POST",
    url: "/api/solicitacoes/suporte",
    headers: { cookie },
    payload: {
      departamento: "Financeiro",
      assunto: "Acesso ao sistema",
      descricao: "Preciso de acesso ao sistema de ponto.",
      prioridade: "alta",
    },
  });

/** This instance, and on PostgreSQL a second one over the same database. */
async function instances(ctx: TestContext): Promise<{ apps: App[]; close(): Promise<void> }> {
  await within(5000, async () => ctx.app.liveBus.listening());
  if (ctx.kind !== "postgres") return { apps: [ctx.app], close: async () => {} };
  const second = await secondInstance(ctx);
  return { apps: [ctx.app, second], close: () => second.close() };
}

describeWithApp("A user row deleted by hand (decision 030)", { env }, (ctx) => {
  it("their old cookie answers 401 to GET and POST on every instance", async () => {
    const { apps, close } = await instances(ctx());
    try {
      const ana = await signedInUser(ctx(), "ana@agencia.digital", "Ana Souza");
      const bruno = await signedInUser(ctx(), "bruno@agencia.digital", "Bruno Lima");
      // Every instance holds both sessions in its cache.
      for (const app of apps) {
        expect((await me(app, ana.cookie)).statusCode).toBe(200);
        expect((await me(app, bruno.cookie)).statusCode).toBe(200);
      }

      await ctx().database.db.execute(sql`delete from users where id = ${ana.user.id}`);

      for (const app of apps) {
        await within(3000, async () => (await me(app, ana.cookie)).statusCode === 401);
        const posted = await write(app, ana.cookie);
        expect(posted.statusCode, posted.body).toBe(401);
        expect(posted.json()).toMatchObject({ message: "Não autenticado" });
        // Nobody else is touched.
        expect((await me(app, bruno.cookie)).statusCode).toBe(200);
      }
    } finally {
      await close();
    }
  });

  it("a write in the moment before the deletion is heard answers 401, not 500", async () => {
    const { apps, close } = await instances(ctx());
    try {
      const ana = await signedInUser(ctx(), "ana@agencia.digital", "Ana Souza");
      for (const app of apps) expect((await me(app, ana.cookie)).statusCode).toBe(200);
      // As if the notification were lost: the row goes without telling any instance.
      await ctx().database.db.execute(sql`alter table users disable trigger user_row_deleted`);
      try {
        await ctx().database.db.execute(sql`delete from users where id = ${ana.user.id}`);
      } finally {
        await ctx().database.db.execute(sql`alter table users enable trigger user_row_deleted`);
      }
      for (const app of apps) {
        const posted = await write(app, ana.cookie);
        expect(posted.statusCode, posted.body).toBe(401);
        // And the cache that answered for her has let her go.
        await within(3000, async () => (await me(app, ana.cookie)).statusCode === 401);
      }
    } finally {
      await close();
    }
  });
});
