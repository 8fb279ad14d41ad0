import { expect } from "vitest";
import { todayInSaoPaulo } from "@/domain/dates";
import { multipartBody, SAMPLE_PDF } from "./multipart";
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
