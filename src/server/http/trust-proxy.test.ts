import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { PASSWORD, signedInUser } from "../testing/auth-helpers";
import { describeWithApp, type TestContext } from "../testing/test-app";

/*
 * The per-IP sign-in limits behind a reverse proxy, on a real listening server:
 * every request comes from 127.0.0.1 (the "proxy"), with the X-Forwarded-For a
 * proxy sends on: whatever the client wrote, then the address the proxy saw.
 */
const CLIENT = "198.51.100.7";
const PROXY_2 = "10.0.0.2";
const SIGN_UPS_PER_IP = 30;

function listen(ctx: () => TestContext) {
  let base = "";
  beforeAll(async () => {
    await ctx().app.listen({ host: "127.0.0.1", port: 0 });
    base = `http://127.0.0.1:${(ctx().app.server.address() as AddressInfo).port}`;
  });
  return async (forwardedFor: string | null, i: number) => {
    const response = await fetch(`${base}/api/register`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
      },
      body: JSON.stringify({
        name: "Pessoa",
        email: `p${i}@gmail.com`,
        password: "segredo123",
        confirmPassword: "segredo123",
      }),
    });
    await response.body?.cancel();
    return response.status;
  };
}

async function counted(ctx: TestContext) {
  const { rows } = await ctx.database.db.execute<{ key: string; count: number }>(
    sql`select key, count from rate_limits where key like 'register:ip:%' order by key`,
  );
  return rows.map((row) => [row.key.slice("register:ip:".length), Number(row.count)]);
}

/** Each attempt claims another address first; the limit must hold all the same. */
async function expectForgeryIgnored(
  ctx: () => TestContext,
  signUp: (forwardedFor: string | null, i: number) => Promise<number>,
  chain: (forged: string) => string,
) {
  for (let i = 0; i < SIGN_UPS_PER_IP; i++) {
    expect(await signUp(chain(`203.0.113.${i + 1}`), i)).toBe(400);
  }
  expect(await signUp(chain("203.0.113.200"), 99)).toBe(429);
  expect(await counted(ctx())).toEqual([[CLIENT, SIGN_UPS_PER_IP + 1]]);
}

for (const trust of ["true", "loopback"]) {
  describeWithApp(
    `behind one reverse proxy (TRUST_PROXY=${trust})`,
    { env: { TRUST_PROXY: trust } },
    (ctx) => {
      const signUp = listen(ctx);

      it("takes the address the proxy saw: a forged X-Forwarded-For does not reset the per-IP limit", async () => {
        await expectForgeryIgnored(ctx, signUp, (forged) => `${forged}, ${CLIENT}`);
      });
    },
  );
}

describeWithApp("behind two proxies (TRUST_PROXY=2)", { env: { TRUST_PROXY: "2" } }, (ctx) => {
  const signUp = listen(ctx);

  it("takes the address the outer proxy saw, whatever the client wrote before it", async () => {
    await expectForgeryIgnored(ctx, signUp, (forged) => `${forged}, ${CLIENT}, ${PROXY_2}`);
  });
});

describeWithApp(
  "with proxies listed by address (TRUST_PROXY=127.0.0.1,10.0.0.0/8)",
  { env: { TRUST_PROXY: "127.0.0.1,10.0.0.0/8" } },
  (ctx) => {
    const signUp = listen(ctx);

    it("walks back through the listed proxies only", async () => {
      await expectForgeryIgnored(ctx, signUp, (forged) => `${forged}, ${CLIENT}, ${PROXY_2}`);
    });
  },
);

describeWithApp("without a proxy (TRUST_PROXY unset)", {}, (ctx) => {
  const signUp = listen(ctx);

  it("ignores X-Forwarded-For: the client is the connection's address", async () => {
    expect(await signUp(`${CLIENT}`, 0)).toBe(400);
    expect(await signUp(null, 1)).toBe(400);
    expect(await counted(ctx())).toEqual([["127.0.0.1", 2]]);
  });

  it("records the connection's address on the session, not one the client wrote", async () => {
    await signedInUser(ctx(), "ana@agencia.digital");
    const login = await ctx().app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "x-forwarded-for": "203.0.113.9" },
      payload: { email: "ana@agencia.digital", password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const { rows } = await ctx().database.db.execute<{ ip: string }>(
      sql`select distinct ip_address as ip from sessions`,
    );
    expect(rows).toEqual([{ ip: "127.0.0.1" }]);
  });
});
