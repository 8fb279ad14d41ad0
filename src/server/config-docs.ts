import { z } from "zod";
import { EnvSchema, WEBHOOK_KINDS, type WebhookKind } from "./config";
import { CONFIG_GROUPS, VARIABLE_DOCS, type VariableDoc, webhookVariableDoc } from "./config-descriptions";

/*
 * docs/configuration.md, written from the schema the server parses its environment with, so the
 * page cannot drift from the code: `npm run docs:config` (scripts/config-docs.ts) writes it and
 * src/server/config-docs.test.ts fails when the file on disk is not what this returns.
 */

/** The parts of a variable's JSON Schema (the input side, as written in the environment) read here. */
type PropertySchema = {
  default?: unknown;
  enum?: unknown[];
  type?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
};

function propertiesOfSchema(): Record<string, PropertySchema> {
  // Transforms have no JSON Schema; their input side (a string) is what the environment holds.
  const json = z.toJSONSchema(EnvSchema, { io: "input", unrepresentable: "any" });
  return (json.properties ?? {}) as Record<string, PropertySchema>;
}

/** The variable's description: the table's, or the webhook's made from its kind. */
function docOf(name: string): VariableDoc {
  const described = (VARIABLE_DOCS as Record<string, VariableDoc>)[name];
  if (described) return described;
  const webhook = /^WEBHOOK_(.+)_(URL|SECRET)$/.exec(name);
  const kind = WEBHOOK_KINDS.find((k) => k.toUpperCase() === webhook?.[1]);
  if (!webhook || !kind) throw new Error(`${name} has no description in config-descriptions.ts`);
  return webhookVariableDoc(kind as WebhookKind, webhook[2] as "URL" | "SECRET");
}

const code = (value: unknown) => `\`${String(value)}\``;

/** What values the schema accepts, said in words. */
function allowedValues(schema: PropertySchema): string {
  if (schema.enum) return schema.enum.map(code).join(", ");
  if (schema.type === "integer") {
    const range =
      schema.maximum === undefined
        ? `at least ${schema.minimum ?? 0}`
        : `from ${schema.minimum ?? 0} to ${schema.maximum}`;
    return `a whole number ${range}`;
  }
  if (schema.format === "uri") return "a URL";
  if (schema.pattern) return `text matching \`/${schema.pattern}/\``;
  const lengths = [
    schema.minLength && schema.minLength > 1 ? `at least ${schema.minLength}` : null,
    schema.maxLength ? `at most ${schema.maxLength}` : null,
  ].filter(Boolean);
  return lengths.length > 0 ? `text of ${lengths.join(" and ")} characters` : "text";
}

/** The default as written in the environment, or what happens without the variable. */
function defaultOf(schema: PropertySchema, doc: VariableDoc): string {
  if (schema.default !== undefined) return `Default: ${code(schema.default)}`;
  return `When unset: ${doc.unset ?? "nothing"}`;
}

function variableSection(name: string, schema: PropertySchema): string {
  const doc = docOf(name);
  return [
    `### \`${name}\``,
    "",
    doc.text,
    "",
    `- ${defaultOf(schema, doc)}`,
    `- Values: ${doc.values ?? allowedValues(schema)}`,
    "",
  ].join("\n");
}

const INTRO = `# Configuration

<!-- Generated from src/server/config.ts and src/server/config-descriptions.ts by \`npm run docs:config\`; do not edit by hand. -->

Everything is an environment variable, checked at start: a wrong value stops the server with one
line naming the variable (for example \`Invalid configuration: PORT must be a port number (got "abc")\`).
An empty variable counts as unset. The most used ones are in the README; how to run the server is
in [operations.md](operations.md).
`;

const TESTS_ONLY = `## Read by the tests only

- \`TEST_DATABASE_URL\`: a PostgreSQL database the API suite may create databases from, so the suite
  runs on PostgreSQL as well as PGlite (\`.ci/run\` sets it).
- \`CHROMIUM_PATH\`: the browser for the end-to-end tests and the bench; when unset, a system Chromium
  or Chrome, else the one inside the \`@sparticuz/chromium\` dev dependency.
`;

/** The whole of docs/configuration.md. */
export function configurationMarkdown(): string {
  const properties = propertiesOfSchema();
  // The table's order (grouped as a reader looks for them), then the per-kind webhooks in the schema's.
  const described = Object.keys(VARIABLE_DOCS);
  const rank = (name: string) => (described.includes(name) ? described.indexOf(name) : described.length);
  const names = Object.keys(properties).sort((a, b) => rank(a) - rank(b));
  const groups = CONFIG_GROUPS.map((group) => {
    const inGroup = names.filter((name) => docOf(name).group === group);
    const sections = inGroup.map((name) => variableSection(name, properties[name]!));
    return [`## ${group}`, "", ...sections].join("\n");
  });
  return [INTRO, ...groups, TESTS_ONLY].join("\n");
}
