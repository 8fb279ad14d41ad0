/*
 * The files `npm run new:kind` writes for a kind named `k` (scripts/new-kind.ts): a JSON kind with
 * the requester's locked name and one text, reviewed and approved, that passes `npm run check` and
 * its own tests as written. Everything else a kind may need is in ARCHITECTURE.md's checklist.
 */

export type Names = {
  /** The kind, as stored and in addresses ('viagem'). */
  kind: string;
  /** How people read it ('Viagem'). */
  label: string;
  /** Its place in the menu and its chart colour, free among the other kinds'. */
  order: number;
  colour: string;
};

export function domainFiles({ kind, label, order, colour }: Names): Record<string, string> {
  return {
    "meta.ts": `import { defineKindMeta } from "../kind-meta";

export const ${kind}Meta = defineKindMeta({
  kind: "${kind}",
  label: "${label}",
  slug: "${kind}",
  formPath: "/${kind}",
  // One of KIND_ICONS (kind-meta.ts); a new icon goes there and in src/web/config/nav-icons.ts.
  icon: "Package",
  chartColour: "${colour}",
  nav: { order: ${order}, summary: "Solicitação de ${label.toLowerCase()}" },
});
`,
    "messages.ts": `import { SUCCESS_TITLE, sendFailed } from "../../messages";

/** The texts of its form and toasts (ours: pt-BR, as the other kinds'). */
export const ${kind}Messages = {
  fields: {
    descricaoMin: "Descrição deve ter pelo menos 10 caracteres",
  },
  success: {
    title: SUCCESS_TITLE,
    description: "Sua solicitação de ${label.toLowerCase()} foi registrada e será analisada em breve.",
  },
  error: sendFailed,
} as const;
`,
    "workflow.ts": `import { cancel, refuse, take, type Workflow } from "../../workflow";

/** Reviewed, then approved or refused: 'Aprovado' closes it (docs/decisions/035). */
export const ${kind.toUpperCase()}_WORKFLOW: Workflow = {
  name: "${kind}",
  working: "em_analise",
  transitions: [
    take(["pendente", "em_analise"], "em_analise"),
    { action: "aprovar", from: ["em_analise"], to: "aprovado", by: "reviewer", label: "Aprovar", sets: ["decision"] },
    refuse("recusado"),
    cancel(["pendente"]),
  ],
  closed: ["aprovado", "recusado", "cancelada"],
};
`,
    "sample.ts": `import { defineKindSample } from "../kind-sample";

/** A valid ${label.toLowerCase()} (JSON), for the seeds, the benches and the tests. */
export const ${kind}Sample = defineKindSample({
  body: ({ mark }) => ({ descricao: \`Pedido de ${label.toLowerCase()} \${mark}\` }),
  record: ({ name, n }) => ({ nome: name, descricao: \`Pedido de ${label.toLowerCase()} número \${n + 1}\` }),
  ends: { decided: "aprovado", settled: null, refused: "recusado" },
});
`,
    "definition.ts": `import { z } from "zod";
import { LONG_TEXT_MAX, personNameField, textField } from "../../fields";
import { fieldMessages } from "../../messages";
import { defineRequestKind, sessionName } from "../definition";
import { ${kind}Messages } from "./messages";
import { ${kind}Meta } from "./meta";
import { ${kind}Sample } from "./sample";
import { ${kind.toUpperCase()}_WORKFLOW } from "./workflow";

/** The form: the requester's name (from the session) and what is asked. */
export const ${pascal(kind)}InputSchema = z.object({
  nome: personNameField(fieldMessages.nomeMin),
  descricao: textField(10, ${kind}Messages.fields.descricaoMin, LONG_TEXT_MAX),
});
export type ${pascal(kind)}Input = z.infer<typeof ${pascal(kind)}InputSchema>;

export type ${pascal(kind)}Record = { nome: string; descricao: string };

export const ${kind} = defineRequestKind(${kind}Meta, {
  schema: () => ${pascal(kind)}InputSchema,
  // The name is the account's, locked on the form: a client cannot file in someone else's name.
  session: { fields: ["nome"], values: (requester, sent) => ({ nome: sessionName(requester, sent.nome) }) },
  toRecord: (input): ${pascal(kind)}Record => ({ nome: input.nome, descricao: input.descricao }),
  moneyFields: [],
  list: { fields: ["descricao"], summary: (f) => String(f.descricao) },
  detail: [
    { key: "nome", label: "Nome" },
    { key: "descricao", label: "Descrição", as: "long", wide: true },
  ],
  webhook: (record) => ({ ...record, tipo_solicitacao: "Solicitação de ${label.toLowerCase()}" }),
  delivery: { mode: "queued" },
  messages: { success: () => ${kind}Messages.success, error: () => ${kind}Messages.error },
  workflow: ${kind.toUpperCase()}_WORKFLOW,
  sample: ${kind}Sample,
});
`,
    "index.ts": `export * from "./definition";\n`,
    [`${kind}.test.ts`]: `import { describe, expect, it } from "vitest";
import { ${pascal(kind)}InputSchema } from "./definition";

const valid = { nome: "Ana Souza", descricao: "Uma descrição completa" };

describe("${pascal(kind)}InputSchema", () => {
  it("accepts a valid request, trimmed", () => {
    expect(${pascal(kind)}InputSchema.parse({ ...valid, descricao: "  Uma descrição completa " })).toEqual(valid);
  });

  it("refuses a short description with its message", () => {
    const result = ${pascal(kind)}InputSchema.safeParse({ ...valid, descricao: "curta" });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Descrição deve ter pelo menos 10 caracteres",
    ]);
  });
});
`,
  };
}

export function formFile({ kind, label }: Names): string {
  return `import { Package } from "lucide-react";
import { accountNameField } from "@/web/components/form/account-name-hint";
import { withKindLabels } from "../lib/kind-labels";
import type { RequestFormDeclaration } from "./request-form";

/** The ${label.toLowerCase()} form: its fields are its definition's (src/domain/requests/kinds/${kind}). */
export const ${kind}Form: RequestFormDeclaration = {
  kind: "${kind}",
  title: "Solicitação de ${label}",
  description: "Diga o que você precisa; a equipe responde por aqui.",
  icon: Package,
  name: "Solicitação de ${label.toLowerCase()}",
  prefill: (user) => ({ nome: user.name.trim() }),
  fields: withKindLabels("${kind}", [
    accountNameField("nome", { required: true, wide: true }),
    { type: "textarea", name: "descricao", required: true, wide: true, rows: 4 },
  ]),
};
`;
}

export function pascal(kind: string): string {
  return kind.charAt(0).toUpperCase() + kind.slice(1);
}
