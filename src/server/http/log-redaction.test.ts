import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { todayInSaoPaulo } from "@/domain/dates";
import { loggerOptions } from "../app";
import { startWebhookReceiver } from "../outbox/testing/webhook-receiver";
import { signedInUser } from "../testing/auth-helpers";
import { multipartBody, SAMPLE_PDF } from "../testing/multipart";
import { describeWithApp } from "../testing/test-app";

/*
 * Signed attachment links open a receipt without a session for
 * ATTACHMENT_LINK_TTL (7 days by default), so their signature is a credential
 * like an e-mailed token and must never be written to the log — neither in the
 * request log, nor where an automation echoes the webhook payload back to us.
 */

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    done();
  },
});

const receiver = await startWebhookReceiver();

describeWithApp(
  "secrets in URLs stay out of the log",
  {
    env: { REQUIRE_EMAIL_VERIFICATION: "false", WEBHOOK_REEMBOLSO_URL: receiver.url },
    logger: { ...(loggerOptions("info") as object), stream: logStream },
  },
  (ctx) => {
    async function signedLink() {
      const { cookie } = await signedInUser(ctx(), "ana@agencia.digital", "Ana Lima");
      const body = await multipartBody(
        {
          data: todayInSaoPaulo(),
          tipo: "alimentacao",
          valor: "R$ 12,34",
          centroCusto: "geral",
          descricao: "Almoço com cliente",
        },
        [{ name: "recibo.pdf", type: "application/pdf", content: SAMPLE_PDF }],
      );
      const res = await ctx().app.inject({
        method: "POST",
        url: "/api/solicitacoes/reembolso",
        payload: body.payload,
        headers: { ...body.headers, cookie },
      });
      expect(res.statusCode, res.body).toBe(201);
      const [row] = (await ctx().database.db.execute(sql`select payload from outbox`)).rows as {
        payload: { anexos: string[] };
      }[];
      const link = new URL(row!.payload.anexos[0]!);
      return { link, signature: link.searchParams.get("signature")! };
    }

    it("redacts the token of a shared plan's link, which travels in the path (decision 020)", async () => {
      const token = "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWpr";
      logLines.length = 0;
      await ctx().app.inject({ url: `/api/publico/planejamentos/${token}` });
      await ctx().app.inject({ url: `/cliente/planejamento/${token}?x=1` });
      const log = logLines.join("\n");
      expect(log).toContain("/api/publico/planejamentos/[redacted]");
      expect(log).toContain("/cliente/planejamento/[redacted]?x=1");
      expect(log).not.toContain(token);
    });

    it("redacts the signature of an attachment link in the request log", async () => {
      const { link, signature } = await signedLink();
      logLines.length = 0;
      const download = await ctx().app.inject({ url: link.pathname + link.search });
      expect(download.statusCode).toBe(200);
      // A refused (tampered) link is logged too.
      await ctx().app.inject({ url: `${link.pathname}?expires=1&signature=${signature.slice(0, 20)}x` });
      const log = logLines.join("\n");
      expect(log).toContain(
        `${link.pathname}?expires=${link.searchParams.get("expires")}&signature=[redacted]`,
      );
      expect(log).not.toContain(signature);
      expect(log).not.toContain(signature.slice(0, 20));
    });

    it("redacts links an automation echoes back in its error answer, in the log and in last_error", async () => {
      receiver.reset();
      const { link, signature } = await signedLink();
      receiver.queue({
        status: 422,
        body: JSON.stringify({ erro: "anexo recusado", recebido: { anexos: [link.toString()] } }),
      });
      logLines.length = 0;
      expect(await ctx().app.outbox.runOnce()).toBe(1);
      await receiver.waitFor(1);
      const log = logLines.join("\n");
      expect(log).toContain("Webhook delivery failed");
      expect(log).toContain("signature=[redacted]");
      expect(log).not.toContain(signature);
      const [row] = (await ctx().database.db.execute(sql`select last_error from outbox`)).rows as {
        last_error: string;
      }[];
      expect(row!.last_error).toContain("HTTP 422");
      expect(row!.last_error).not.toContain(signature);
    });

    it("redacts secrets in the message of a logged error", async () => {
      logLines.length = 0;
      ctx().app.log.error(
        {
          err: new Error(
            "fetch failed for https://x.example/api/anexos/1/download?expires=9&signature=abc123",
          ),
        },
        "boom",
      );
      const log = logLines.join("\n");
      expect(log).toContain("signature=[redacted]");
      expect(log).not.toContain("abc123");
    });
  },
);
