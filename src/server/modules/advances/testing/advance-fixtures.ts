import { expect } from "vitest";
import { todayInSaoPaulo } from "@/domain/dates";
import { multipartBody, SAMPLE_PDF, SAMPLE_PNG } from "../../../testing/multipart";
import type { Person } from "../../../testing/people";
import { postSample } from "../../../testing/requests";
import type { TestContext } from "../../../testing/test-app";

/*
 * A cash advance taken to where a settlement test starts (decision 067): asked from the kind's
 * sample, approved and paid by Financeiro through the review desk's ordinary moves.
 */

export async function askAdvance(ctx: TestContext, who: Person, fields: Record<string, unknown> = {}) {
  const answer = await postSample(ctx, who, "adiantamento", fields);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().id as string;
}

export function move(ctx: TestContext, who: Person, id: string, body: Record<string, unknown>) {
  return ctx.app.inject({
    method: "POST",
    url: `/api/solicitacoes/adiantamento/${id}/acoes`,
    headers: { cookie: who.cookie },
    payload: body,
  });
}

/** Taken, approved (the first request's flag confirmed) and marked paid today by `finance`. */
export async function payAdvance(ctx: TestContext, finance: Person, id: string, pagoEm = todayInSaoPaulo()) {
  for (const body of [
    { acao: "assumir" },
    { acao: "aprovar", confirmarAlertas: true },
    { acao: "marcar_pago", pagoEm, formaPagamento: "pix" },
  ]) {
    const answer = await move(ctx, finance, id, body);
    expect(answer.statusCode, answer.body).toBe(200);
  }
}

let receipt = 0;

/** The owner's settlement as its form sends it: the amount spent and `files` receipts (PDF, then PNG). */
export async function settle(
  ctx: TestContext,
  who: Person,
  id: string,
  fields: Record<string, string>,
  files = 2,
) {
  const body = await multipartBody(
    fields,
    Array.from({ length: files }, (_, i) => {
      receipt += 1;
      return i % 2 === 0
        ? {
            field: "anexo",
            name: `nota-${receipt}.pdf`,
            type: "application/pdf",
            content: `${SAMPLE_PDF}% ${receipt}\n`,
          }
        : { field: "anexo", name: `cupom-${receipt}.png`, type: "image/png", content: SAMPLE_PNG };
    }),
  );
  return ctx.app.inject({
    method: "POST",
    url: `/api/adiantamentos/${id}/prestacao`,
    headers: { cookie: who.cookie, ...body.headers },
    payload: body.payload,
  });
}

export function settlementAct(ctx: TestContext, who: Person, id: string, body: Record<string, unknown>) {
  return ctx.app.inject({
    method: "POST",
    url: `/api/adiantamentos/${id}/acertos`,
    headers: { cookie: who.cookie },
    payload: body,
  });
}

export async function settlementOf(ctx: TestContext, who: Person, id: string) {
  return ctx.app.inject({ url: `/api/adiantamentos/${id}/prestacao`, headers: { cookie: who.cookie } });
}
