import { expect, it } from "vitest";
import { cookieHeader, PASSWORD, signedInUser } from "../../testing/auth-helpers";
import { describeWithApp, secondInstance, type TestContext } from "../../testing/test-app";

const ANA = "ana@agencia.digital";
const BIA = "bia@agencia.digital";
const WINDOWS_CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

type Listed = { id: string; device: string; browser: string; ip: string | null; current: boolean };

/** Signs in from a device of its own: its user agent and address. */
async function signInFrom(ctx: TestContext, email: string, userAgent: string, remoteAddress: string) {
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email, password: PASSWORD },
    headers: { "user-agent": userAgent },
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  return cookieHeader(res.headers["set-cookie"]);
}

describeWithApp("'Sessões' on 'Minha conta'", {}, (ctx) => {
  const list = async (cookie: string) => {
    const res = await ctx().app.inject({ url: "/api/me/sessions", headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().sessions as Listed[];
  };
  const end = (cookie: string | undefined, id: string) =>
    ctx().app.inject({
      method: "DELETE",
      url: `/api/me/sessions/${encodeURIComponent(id)}`,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const me = (cookie: string) => ctx().app.inject({ url: "/api/me", headers: { cookie } });

  it("answers 401 when signed out", async () => {
    expect((await ctx().app.inject({ url: "/api/me/sessions" })).statusCode).toBe(401);
    expect((await end(undefined, "x")).statusCode).toBe(401);
  });

  it("lists only the person's own sessions, with device, browser, IP and 'this one', and never a token", async () => {
    await signedInUser(ctx(), ANA, "Ana Souza");
    await signedInUser(ctx(), BIA, "Bia Lima");
    const desktop = await signInFrom(ctx(), ANA, WINDOWS_CHROME, "203.0.113.7");
    await signInFrom(ctx(), ANA, IPHONE_SAFARI, "198.51.100.2");

    const res = await ctx().app.inject({ url: "/api/me/sessions", headers: { cookie: desktop } });
    const sessions = res.json().sessions as (Listed & { lastUsedAt: string; createdAt: string })[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toEqual([
      expect.objectContaining({ device: "Windows · Computador", browser: "Chrome 131", ip: "203.0.113.7" }),
    ]);
    expect(sessions).toContainEqual(
      expect.objectContaining({
        device: "iOS · Celular",
        browser: "Safari 17",
        ip: "198.51.100.2",
        current: false,
      }),
    );
    expect(sessions).toContainEqual(
      expect.objectContaining({ device: "Dispositivo desconhecido", browser: "Navegador desconhecido" }),
    );
    for (const s of sessions) expect(Number.isNaN(Date.parse(s.lastUsedAt))).toBe(false);
    const token = decodeURIComponent(desktop.split("=")[1]!).split(".")[0]!;
    expect(res.body).not.toContain(token);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("'Encerrar' ends that session only; this one is refused with a message", async () => {
    await signedInUser(ctx(), ANA, "Ana Souza");
    const desktop = await signInFrom(ctx(), ANA, WINDOWS_CHROME, "203.0.113.7");
    const phone = await signInFrom(ctx(), ANA, IPHONE_SAFARI, "198.51.100.2");
    const sessions = await list(desktop);
    const phoneSession = sessions.find((s) => s.device.startsWith("iOS"))!;
    const current = sessions.find((s) => s.current)!;

    const res = await end(desktop, phoneSession.id);
    expect(res.statusCode).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(desktop)).statusCode).toBe(200);
    expect((await list(desktop)).map((s) => s.id)).not.toContain(phoneSession.id);

    const self = await end(desktop, current.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: "CURRENT_SESSION", message: "Esta é a sessão atual" });
    expect((await me(desktop)).statusCode).toBe(200);

    const gone = await end(desktop, phoneSession.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("Sessão não encontrada");
  });

  it("refuses to end another person's session, which keeps working", async () => {
    const ana = await signedInUser(ctx(), ANA, "Ana Souza");
    const bia = await signedInUser(ctx(), BIA, "Bia Lima");
    const biaSession = (await list(bia.cookie))[0]!;
    const res = await end(ana.cookie, biaSession.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "SESSION_NOT_FOUND" });
    expect((await me(bia.cookie)).statusCode).toBe(200);
    expect((await list(bia.cookie)).map((s) => s.id)).toContain(biaSession.id);
  });

  it("on PostgreSQL, an ended session is refused by every instance", async () => {
    if (ctx().kind !== "postgres") return;
    const second = await secondInstance(ctx());
    try {
      await signedInUser(ctx(), ANA, "Ana Souza");
      const desktop = await signInFrom(ctx(), ANA, WINDOWS_CHROME, "203.0.113.7");
      const phone = await signInFrom(ctx(), ANA, IPHONE_SAFARI, "198.51.100.2");
      expect((await second.inject({ url: "/api/me", headers: { cookie: phone } })).statusCode).toBe(200);
      const phoneSession = (await list(desktop)).find((s) => s.device.startsWith("iOS"))!;
      expect((await end(desktop, phoneSession.id)).statusCode).toBe(204);
      await expect
        .poll(async () => (await second.inject({ url: "/api/me", headers: { cookie: phone } })).statusCode)
        .toBe(401);
    } finally {
      await second.close();
    }
  });
});
