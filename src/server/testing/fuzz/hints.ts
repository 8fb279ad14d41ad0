import fc from "fast-check";
import { REQUEST_KINDS } from "@/domain/requests/kinds";
import type { JsonSchema } from "./openapi";
import { amounts, dates, emailTexts, humanText, urls } from "./values";
import { type Pool, pick, Ref, type Side } from "./world";

/*
 * Values by what a field means, where the schema alone would never hit a real row: ids of
 * the actor's own rows and of other people's, unknown and malformed ids, cursors seen in
 * answers and crafted ones, the people's addresses, amounts and dates as the forms send them.
 */

const side = (): fc.Arbitrary<Side> => fc.constantFrom<Side>("own", "other", "other", "any");
const index = () => fc.nat({ max: 1_000 });

const UNKNOWN_UUID = "7a1f3c2e-9b4d-4e6f-8a2b-1c3d5e7f9a0b";
const MALFORMED_IDS = [
  "1",
  "0",
  "-1",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "7A1F3C2E-9B4D-4E6F-8A2B-1C3D5E7F9A0B",
  "7a1f3c2e9b4d4e6f8a2b1c3d5e7f9a0b",
  "../me",
  "%2e%2e",
  "a".repeat(120),
];

/** An id nobody has, or no id at all. */
export const strangeId = (): fc.Arbitrary<unknown> =>
  fc.oneof(fc.constant(UNKNOWN_UUID), fc.uuid(), fc.constantFrom(...MALFORMED_IDS));

type Table = "request" | "anexo" | "plan" | "client" | "vaga" | "team" | "notification";

function rowRef(table: Table, s: Side, i: number): Ref {
  return new Ref(`${s} ${table} #${i}`, (pool, actor) => {
    switch (table) {
      case "request":
        return pick(pool.requests, s, actor, i)?.id ?? UNKNOWN_UUID;
      case "anexo":
        return pick(pool.anexos, s, actor, i)?.id ?? UNKNOWN_UUID;
      case "plan":
        return pick(pool.plans, s, actor, i)?.id ?? UNKNOWN_UUID;
      case "notification":
        return pick(pool.notifications, s, actor, i)?.id ?? 1;
      case "client":
        return pool.clients[i % Math.max(1, pool.clients.length)] ?? UNKNOWN_UUID;
      case "vaga":
        return pool.vagas[i % Math.max(1, pool.vagas.length)] ?? UNKNOWN_UUID;
      case "team":
        return pool.teams[i % Math.max(1, pool.teams.length)] ?? UNKNOWN_UUID;
    }
  });
}

/** A row's id: a real one (the actor's or someone else's), and, wild, unknown or malformed ones. */
export const idOf = (table: Table, wild = false): fc.Arbitrary<unknown> => {
  const real = fc.tuple(side(), index()).map(([s, i]) => rowRef(table, s, i));
  return wild ? fc.oneof(real, strangeId()) : real;
};

/** A request named as a path names it: its kind and id; wild, with another kind's name or an unknown id. */
export const requestPath = (wild = false): fc.Arbitrary<{ tipo: unknown; id: unknown }> => {
  const real = fc.tuple(side(), index(), wild ? fc.boolean() : fc.constant(true)).map(([s, i, sameKind]) => ({
    tipo: new Ref(`kind of ${s} request #${i}`, (pool, actor) => {
      const found = pick(pool.requests, s, actor, i);
      if (!found) return "reembolso";
      return sameKind ? found.kind : found.kind === "reembolso" ? "material" : "reembolso";
    }),
    id: rowRef("request", s, i),
  }));
  if (!wild) return real;
  const strange = fc.record({
    tipo: fc.constantFrom(...REQUEST_KINDS, "REEMBOLSO", "x"),
    id: strangeId(),
  });
  return fc.oneof(real, strange);
};

/** A post of a plan: one of the plan's own, another plan's, or none. */
export const planPostPath = (wild = false): fc.Arbitrary<{ id: unknown; postId: unknown }> =>
  fc.tuple(side(), index(), index(), wild ? fc.boolean() : fc.constant(true)).map(([s, i, p, samePlan]) => ({
    id: rowRef("plan", s, i),
    postId: new Ref(`post #${p} of ${samePlan ? "that" : "another"} plan`, (pool, actor) => {
      const plan = samePlan ? pick(pool.plans, s, actor, i) : pick(pool.plans, "any", actor, i + 1);
      return plan?.postIds[p % Math.max(1, plan.postIds.length)] ?? "post-inexistente";
    }),
  }));

/**
 * A signed download link, as an automation got it: its file id, expiry and signature; wild, the
 * signature of one file on another, an expiry moved, a signature changed by one character.
 */
export const signedDownload = (
  wild = false,
): fc.Arbitrary<{ path: { id: unknown }; query: Record<string, unknown> }> =>
  fc
    .tuple(index(), wild ? fc.constantFrom("other-file", "later", "tampered", "as-is") : fc.constant("as-is"))
    .map(([i, how]) => {
      const link = (pool: Pool) => pool.signedLinks[i % Math.max(1, pool.signedLinks.length)];
      const part = (name: "id" | "expires" | "signature") =>
        new Ref(`${name} of signed link #${i} (${how})`, (pool) => {
          const found = link(pool);
          if (!found) return name === "id" ? UNKNOWN_UUID : "";
          if (name === "id" && how === "other-file")
            return pool.anexos.find((a) => a.id !== found.id)?.id ?? UNKNOWN_UUID;
          if (name === "expires" && how === "later") return String(Number(found.expires) + 86_400);
          if (name === "signature" && how === "tampered")
            return `${found.signature.slice(0, -1)}${found.signature.endsWith("A") ? "B" : "A"}`;
          return found[name];
        });
      return { path: { id: part("id") }, query: { expires: part("expires"), signature: part("signature") } };
    });

const b64 = (text: string) => Buffer.from(text).toString("base64url");

/** A list cursor: one an answer gave, and, wild, one crafted to pass a loose check and not the database. */
export const cursors = (wild = false): fc.Arbitrary<unknown> => {
  const seen = index().map(
    (i) =>
      new Ref(`seen cursor #${i}`, (pool: Pool) => pool.cursors[i % Math.max(1, pool.cursors.length)] ?? ""),
  );
  if (!wild) return seen;
  return fc.oneof(
    seen,
    fc.constantFrom(
      b64(`foo 1|${UNKNOWN_UUID}`),
      b64(`2024-01-01T00:00:00.000Z|${UNKNOWN_UUID}`),
      b64("2024-01-01T00:00:00.000Z|nao-e-uuid"),
      b64("Cliente\u0000|x"),
      b64("\u0000"),
      b64("|"),
      b64("9999999999999999999|x"),
      "!!!",
      "%00",
      "a".repeat(200),
    ),
    fc.string({ maxLength: 40 }).map(b64),
  );
};

const shareToken = (wild: boolean): fc.Arbitrary<unknown> => {
  const valid = fc.constant(new Ref("the shared plan's token", (pool) => pool.shareTokens[0] ?? "x"));
  return wild
    ? fc.oneof(valid, fc.constantFrom("A".repeat(43), "x", "..", "%2e%2e", "a".repeat(200)))
    : valid;
};

const emails = (wild = false) => {
  const known = fc
    .nat({ max: 20 })
    .map((i) => new Ref(`e-mail #${i}`, (pool: Pool) => pool.emails[i % pool.emails.length]));
  return wild ? fc.oneof(known, emailTexts([])) : known;
};

const BY_NAME: Record<string, (wild: boolean) => fc.Arbitrary<unknown>> = {
  cursor: cursors,
  clienteId: (wild) => idOf("client", wild),
  teamId: (wild) => idOf("team", wild),
  ids: (wild) => fc.array(idOf("notification", wild), { maxLength: 4 }),
  itens: (wild) =>
    fc.array(
      requestPath(wild).chain(({ tipo, id }) =>
        fc.record(
          { tipo: fc.constant(tipo), id: fc.constant(id), versao: fc.nat({ max: 5 }) },
          { requiredKeys: ["tipo", "id"] },
        ),
      ),
      { minLength: 1, maxLength: 4 },
    ),
  email: emails,
  solicitante: emails,
  members: (wild) => fc.array(emails(wild), { maxLength: 4 }),
  manterAnexos: (wild) =>
    fc
      .array(idOf("anexo", wild), { maxLength: 3 })
      .map((list) => new Ref(`JSON of ${list.join(", ")}`, () => JSON.stringify(list))),
  post_id: (wild) => planPostPath(wild).map((p) => p.postId),
  versao: () => fc.nat({ max: 6 }),
  version: () => fc.integer({ min: 1, max: 8 }),
  valorAprovado: () => fc.constantFrom(100, 15_000, 150_000, 1_000_000_000),
  thresholdCents: () => fc.constantFrom(1, 100_000, 10_000_000_000),
  valor: amounts,
  data: dates,
  pagoEm: dates,
  de: dates,
  ate: dates,
  url: urls,
  linkPlataforma: urls,
  linkReferencia: urls,
  website: urls,
  nome: humanText,
  name: humanText,
  texto: humanText,
  descricao: humanText,
  motivo: humanText,
  tipoDespesa: () => fc.constantFrom("transporte", "alimentacao", "curso", "x", "%2e%2e"),
  rest: () =>
    fc.constantFrom(
      "get-session",
      "magic-link/verify",
      "ok",
      "error",
      "sign-out",
      "list-sessions",
      "..%2fme",
    ),
  callbackURL: () =>
    fc.constantFrom("/", "/conta", "https://evil.example", "//evil.example", "javascript:alert(1)"),
  password: () => fc.constantFrom("outra-senha-123", "123", "", "x".repeat(200)),
  confirmPassword: () => fc.constantFrom("outra-senha-123", "123", ""),
};

/** Values for a field by its name, beside what its schema allows; undefined when the name says nothing. */
export function hintFor(
  name: string,
  schema: JsonSchema,
  path: string,
  wild: boolean,
): fc.Arbitrary<unknown> | undefined {
  if (name === "token" && path.includes("/publico/")) return shareToken(wild);
  if (name === "id") return idOf(tableOfPath(path), wild);
  if (schema.format === "uuid") return idOf("request", wild);
  return BY_NAME[name]?.(wild);
}

function tableOfPath(path: string): Table {
  if (path.startsWith("/api/anexos")) return "anexo";
  if (path.startsWith("/api/planejamentos")) return "plan";
  if (path.startsWith("/api/vagas")) return "vaga";
  if (path.startsWith("/api/clients")) return "client";
  if (path.startsWith("/api/admin/equipes")) return "team";
  return "request";
}
