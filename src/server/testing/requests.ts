import { expect } from "vitest";
import { addDays, todayInSaoPaulo } from "@/domain/dates";
import { type RequestKind, requestKind } from "@/domain/requests/kinds";
import { isOfficeHoliday } from "@/domain/sla/holidays";
import { startBreaksRestRule } from "@/domain/time-off/vacation-rules";
import { type MultipartFile, multipartBody, SAMPLE_PDF, SAMPLE_PNG } from "./multipart";
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
/** The first Monday from `day` on where 'Férias' may start (no holiday that day or the 2 after). */
export function firstVacationMonday(day: string): string {
  let monday = nextMonday(day);
  while (startBreaksRestRule(monday, isOfficeHoliday)) monday = addDays(monday, 7);
  return monday;
}

/** `day` if it is a Monday, else the Monday after it. */
export function nextMonday(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, (8 - weekday) % 7);
}

export async function postAusencia(
  ctx: TestContext,
  who: Person,
  fields: Record<string, string> = {},
  files: MultipartFile[] = [],
) {
  // Within the form's year ahead: 45 weeks, then around again.
  // 'Férias' may not start on a rest day or in the 2 days before one (CLT art. 134, decision 060):
  // the week's first day that may, Monday to Thursday, to its Saturday (the next call's week is free).
  const monday = nextMonday(addDays(todayInSaoPaulo(), 14 + 7 * (absencesSent++ % 45)));
  const first =
    [0, 1, 2, 3].map((n) => addDays(monday, n)).find((day) => !startBreaksRestRule(day, isOfficeHoliday)) ??
    monday;
  const body = await multipartBody(
    { tipo: "ferias", primeiroDia: first, ultimoDia: addDays(monday, 5), observacao: "", ...fields },
    files.map((file) => ({ field: "anexo", ...file })),
  );
  return ctx.app.inject({
    method: "POST",
    url: "/api/solicitacoes/ausencia",
    headers: { cookie: who.cookie, ...body.headers },
    payload: body.payload,
  });
}

/**
 * A request of `kind` from its sample (<kind>/sample.ts), as its form sends it: JSON, or multipart
 * with as many files as the kind needs (a PDF, else a PNG); `fields` replace the sample's. The answer.
 */
export async function postSample(
  ctx: TestContext,
  who: Person,
  kind: RequestKind,
  fields: Record<string, unknown> = {},
  n = 0,
) {
  const definition = requestKind(kind);
  const sent = {
    ...definition.sample.body({
      n,
      name: "Ana Souza",
      email: who.email,
      today: todayInSaoPaulo(),
      mark: kind,
    }),
    ...fields,
  };
  const url = `/api/solicitacoes/${definition.slug}`;
  if (!definition.attachments)
    return ctx.app.inject({ method: "POST", url, headers: { cookie: who.cookie }, payload: sent });
  const pdf = definition.attachments.rules.fileKinds.includes("pdf");
  const file = pdf
    ? { name: "recibo.pdf", content: SAMPLE_PDF, type: "application/pdf" }
    : { name: "foto.png", content: SAMPLE_PNG, type: "image/png" };
  const body = await multipartBody(
    Object.fromEntries(Object.entries(sent).map(([key, value]) => [key, String(value ?? "")])),
    Array.from({ length: Math.max(1, definition.attachments.rules.min) }, () => ({
      field: "anexo",
      ...file,
    })),
  );
  return ctx.app.inject({
    method: "POST",
    url,
    headers: { cookie: who.cookie, ...body.headers },
    payload: body.payload,
  });
}
