import { afterAll, expect, it } from "vitest";
import { todayInSaoPaulo } from "@/domain/dates";
import { openS3Backend } from "../../storage/test-kit";
import { signedInUser } from "../../testing/auth-helpers";
import { multipartBody, SAMPLE_PDF } from "../../testing/multipart";
import { describeWithApp } from "../../testing/test-app";

// The same routes with S3-compatible object storage (s3rver on loopback) instead of local disk.
const s3 = await openS3Backend();
afterAll(() => s3.close());

describeWithApp(
  "receipts in S3 storage",
  { env: { REQUIRE_EMAIL_VERIFICATION: "false" }, storage: () => s3.storage },
  (ctx) => {
    const send = async (cookie: string, content: Uint8Array | string) => {
      const body = await multipartBody(
        {
          data: todayInSaoPaulo(),
          tipo: "transporte",
          valor: "R$ 35,90",
          centroCusto: "geral",
          descricao: "Táxi até o cliente",
        },
        [{ name: "táxi.pdf", type: "application/pdf", content }],
      );
      return ctx().app.inject({
        method: "POST",
        url: "/api/solicitacoes/reembolso",
        payload: body.payload,
        headers: { ...body.headers, cookie },
      });
    };

    it("stores the receipt as an object, serves it back, and keeps nothing of a refused upload", async () => {
      const { cookie } = await signedInUser(ctx(), "s3@agencia.digital", "Sara Três");
      const before = (await s3.list()).length;
      const res = await send(cookie, SAMPLE_PDF);
      expect(res.statusCode, res.body).toBe(201);
      const objects = await s3.list();
      expect(objects).toHaveLength(before + 1);
      expect(objects.at(-1)).toMatch(/^reembolso\/\d{4}\/\d{2}\/[0-9a-f-]{36}\/\d+_taxi.pdf$/);

      const detail = await ctx().app.inject({
        url: `/api/solicitacoes/reembolso/${res.json().id}`,
        headers: { cookie },
      });
      const download = await ctx().app.inject({ url: detail.json().anexos[0].url, headers: { cookie } });
      expect(download.statusCode).toBe(200);
      expect(download.body).toBe(SAMPLE_PDF);

      const big = new Uint8Array(31 * 1024 * 1024);
      big.set(new TextEncoder().encode("%PDF-1.4\n"));
      expect((await send(cookie, big)).statusCode).toBe(413);
      expect(await s3.list()).toHaveLength(before + 1);
    });
  },
);
