import { expect } from "vitest";
import { todayInSaoPaulo } from "@/domain/dates";
import { multipartBody, SAMPLE_PDF } from "../../../testing/multipart";
import { joinTeam, type Person, person } from "../../../testing/people";
import type { TestContext } from "../../../testing/test-app";

/* The people and payments of the bank's tests (docs/decisions/059). */

export const BANK_ENV = { REQUIRE_EMAIL_VERIFICATION: "false", ADMIN_EMAILS: "admin@agencia.digital" };

export const ACCOUNT = {
  perfil: "itau",
  banco: "341",
  agencia: "0123",
  conta: "45678",
  contaDigito: "9",
  cnpj: "11.222.333/0001-81",
  razaoSocial: "Agência Digital Ltda",
  convenio: "0",
};

export async function bankPeople(ctx: TestContext) {
  const admin = await person(ctx, "admin@agencia.digital", "Alice Admin");
  const fin = await person(ctx, "fin@agencia.digital", "Fernanda Dias");
  const ana = await person(ctx, "ana@agencia.digital", "Ana Souza");
  const bia = await person(ctx, "bia@agencia.digital", "Beatriz Lima");
  const rosa = await person(ctx, "rosa@agencia.digital", "Rosa Compras");
  await joinTeam(ctx, "financeiro", fin.email);
  await joinTeam(ctx, "compras", rosa.email);
  return { admin, fin, ana, bia, rosa };
}

export async function setAccount(ctx: TestContext, admin: Person, changes: Record<string, unknown> = {}) {
  const saved = await ctx.app.inject({
    method: "PUT",
    url: "/api/admin/conta-pagadora",
    headers: { cookie: admin.cookie },
    payload: { ...ACCOUNT, ...changes },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json();
}

let sent = 0;
/** A reimbursement sent by `who` and approved by `fin`: its id. */
export async function approvedPayment(
  ctx: TestContext,
  fin: Person,
  who: Person,
  options: { valor?: string; chavePix?: string | null } = {},
) {
  sent += 1;
  const body = await multipartBody(
    {
      data: todayInSaoPaulo(),
      tipo: "transporte",
      valor: options.valor ?? "R$ 84,36",
      centroCusto: "marketing",
      descricao: `Táxi ${sent}`,
      ...(options.chavePix === null ? {} : { chavePix: options.chavePix ?? `${who.email}` }),
    },
    [{ name: "recibo.pdf", content: `${SAMPLE_PDF}% ${sent}\n`, type: "application/pdf" }],
  );
  const created = await ctx.app.inject({
    method: "POST",
    url: "/api/solicitacoes/reembolso",
    headers: { cookie: who.cookie, ...body.headers },
    payload: body.payload,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  expect((await act(ctx, fin, id, { acao: "assumir" })).statusCode).toBe(200);
  const approved = await act(ctx, fin, id, { acao: "aprovar", confirmarAlertas: true });
  expect(approved.statusCode, approved.body).toBe(200);
  return id;
}

export function act(ctx: TestContext, who: Person, id: string, body: Record<string, unknown>) {
  return ctx.app.inject({
    method: "POST",
    url: `/api/solicitacoes/reembolso/${id}/acoes`,
    headers: { cookie: who.cookie },
    payload: body,
  });
}

export async function detail(ctx: TestContext, who: Person, id: string) {
  const res = await ctx.app.inject({
    url: `/api/solicitacoes/reembolso/${id}`,
    headers: { cookie: who.cookie },
  });
  return res.json();
}

export function remit(
  ctx: TestContext,
  who: Person,
  ids: readonly string[],
  dataPagamento = todayInSaoPaulo(),
) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/caixa/remessas",
    headers: { cookie: who.cookie },
    payload: { dataPagamento, itens: ids.map((id) => ({ tipo: "reembolso", id })) },
  });
}

/** The remittance's file as the bank gets it (ISO-8859-1). */
export async function remittanceText(ctx: TestContext, who: Person, id: string) {
  const file = await ctx.app.inject({
    url: `/api/caixa/remessas/${id}/arquivo`,
    headers: { cookie: who.cookie },
  });
  expect(file.statusCode, file.body).toBe(200);
  return file.rawPayload.toString("latin1");
}

/** Uploads one file in the 'arquivo' field of a multipart form. */
export async function upload(
  ctx: TestContext,
  who: Person,
  url: string,
  name: string,
  content: Uint8Array | string,
) {
  const body = await multipartBody({}, [
    { field: "arquivo", name, content, type: "application/octet-stream" },
  ]);
  return ctx.app.inject({
    method: "POST",
    url,
    headers: { cookie: who.cookie, ...body.headers },
    payload: body.payload,
  });
}
