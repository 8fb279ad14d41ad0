import { expect } from "vitest";
import { addDays, todayInSaoPaulo } from "@/domain/dates";
import { type MultipartFile, multipartBody, SAMPLE_PDF } from "./multipart";
import type { Person } from "./people";
import type { TestContext } from "./test-app";

/** A reimbursement with its receipt, sent as the form sends it; `fields` replace the defaults. Its id. */
export async function sendReembolso(ctx: TestContext, who: Person, fields: Record<string, string> = {}) {
  const body = await multipartBody(
    {
      data: todayInSaoPaulo(),
      tipo: "transporte",
      valor: "R$ 150,00",
      centroCusto: "marketing",
      descricao: "Táxi para o cliente",
      ...fields,
    },
    [{ name: "recibo.pdf", content: SAMPLE_PDF, type: "application/pdf" }],
  );
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/solicitacoes/reembolso",
    headers: { cookie: who.cookie, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

/** A work material request; `fields` replace the defaults. Its id. */
export async function sendMaterial(ctx: TestContext, who: Person, fields: Record<string, unknown> = {}) {
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/solicitacoes/material",
    headers: { cookie: who.cookie },
    payload: {
      nome: "Ana Souza",
      descricao: "Cadeira ergonômica",
      motivo: "A minha quebrou",
      quantidade: 1,
      urgencia: "media",
      ...fields,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

let absencesSent = 0;

/**
 * An absence as its form sends it (a week of holidays by default, each call's a week after the last
 * one's: a person is away once at a time); `files` go as `anexo`. The answer.
 */
export async function postAusencia(
  ctx: TestContext,
  who: Person,
  fields: Record<string, string> = {},
  files: MultipartFile[] = [],
) {
  // Within the form's year ahead: 45 weeks, then around again.
  const first = addDays(todayInSaoPaulo(), 14 + 7 * (absencesSent++ % 45));
  const body = await multipartBody(
    { tipo: "ferias", primeiroDia: first, ultimoDia: addDays(first, 6), observacao: "", ...fields },
    files.map((file) => ({ field: "anexo", ...file })),
  );
  return ctx.app.inject({
    method: "POST",
    url: "/api/solicitacoes/ausencia",
    headers: { cookie: who.cookie, ...body.headers },
    payload: body.payload,
  });
}
