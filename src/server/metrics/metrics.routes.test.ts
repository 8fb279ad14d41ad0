import { expect, it } from "vitest";
import { person } from "../testing/people";
import { sendReembolso } from "../testing/requests";
import { describeWithApp, type TestContext } from "../testing/test-app";

/*
 * /metrics (docs/decisions/043): off without METRICS_TOKEN, only for the
 * scraper with it, and the figures an operator alerts on move with what the
 * app does.
 */

const TOKEN = "token-de-metricas-0123456789";

const scrape = (ctx: TestContext, authorization?: string) =>
  ctx.app.inject({ url: "/metrics", ...(authorization ? { headers: { authorization } } : {}) });

/** The value of one series in Prometheus' text, or undefined. */
function series(text: string, line: RegExp): number | undefined {
  const found = text.split("\n").find((l) => line.test(l));
  return found === undefined ? undefined : Number(found.split(" ").at(-1));
}

describeWithApp("/metrics without METRICS_TOKEN", {}, (ctx) => {
  it("does not exist", async () => {
    expect((await scrape(ctx(), `Bearer ${TOKEN}`)).statusCode).toBe(404);
  });
});

describeWithApp(
  "/metrics with METRICS_TOKEN",
  { env: { METRICS_TOKEN: TOKEN, WEBHOOK_REEMBOLSO_URL: "http://127.0.0.1:1/hook" } },
  (ctx) => {
    it("answers the scraper with the token only", async () => {
      expect((await scrape(ctx())).statusCode).toBe(401);
      const wrong = await scrape(ctx(), "Bearer outro-token-qualquer-0000");
      expect(wrong.statusCode).toBe(401);
      expect(wrong.headers["www-authenticate"]).toContain("Bearer");
      expect(wrong.body).not.toContain("balcao_");
      const ok = await scrape(ctx(), `Bearer ${TOKEN}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers["content-type"]).toContain("text/plain");
    });

    it("counts requests by route, the outbox waiting by kind, live streams and the event loop", async () => {
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      await sendReembolso(ctx(), ana);
      await ctx().app.inject({ url: "/api/me" });
      const body = (await scrape(ctx(), `Bearer ${TOKEN}`)).body;
      expect(body).toMatch(
        /balcao_http_request_duration_seconds_count\{method="GET",route="\/api\/me",status_code="401"\} [1-9]/,
      );
      expect(series(body, /^balcao_outbox_pending\{kind="reembolso"\} /)).toBe(1);
      expect(series(body, /^balcao_outbox_oldest_pending_seconds /)).toBeGreaterThanOrEqual(0);
      expect(series(body, /^balcao_emails_failed_total /)).toBe(0);
      expect(series(body, /^balcao_live_streams_open /)).toBe(0);
      expect(body).toContain("balcao_nodejs_eventloop_lag_seconds");
      if (ctx().kind === "postgres") expect(body).toMatch(/balcao_db_pool_connections\{state="total"\} \d/);
    });
  },
);

describeWithApp(
  "/metrics while the SMTP server is down",
  // A closed port: every e-mail fails.
  { env: { METRICS_TOKEN: TOKEN, SMTP_URL: "smtp://127.0.0.1:1" } },
  (ctx) => {
    it("counts the e-mails that could not be sent", async () => {
      const registered = await ctx().app.inject({
        method: "POST",
        url: "/api/register",
        payload: {
          name: "Bia Lima",
          email: "bia@agencia.digital",
          password: "senha-forte-123",
          confirmPassword: "senha-forte-123",
        },
      });
      expect(registered.json().code).toBe("MAIL_FAILED");
      const body = (await scrape(ctx(), `Bearer ${TOKEN}`)).body;
      expect(series(body, /^balcao_emails_failed_total /)).toBe(1);
    });
  },
);
