import { z } from "zod";
import { PlanContentSchema } from "@/domain/planning/plan-content.schema";

/*
 * The plan's JSON schema for structured output (`response_format: json_schema`,
 * strict), generated from PlanContentSchema so the model is asked for what the
 * server will check. It is the schema's input side: the transforms (trim, null
 * to '', true to 'Teste A/B') run when the answer is parsed, so what they accept
 * is what the model may send. Strict mode (OpenAI's structured outputs, also
 * honoured by vLLM, Ollama and OpenRouter) wants every property listed in
 * `required` (an optional one becomes nullable), `additionalProperties: false`
 * on every object, and none of the keywords it does not know; length limits are
 * dropped here and enforced by the validation the answer goes through anyway.
 * https://platform.openai.com/docs/guides/structured-outputs#supported-schemas
 */

type JsonSchema = { [keyword: string]: unknown };

/** Written by the server only (post ids, Bitrix24 task state): the model is not asked for them. */
const SERVER_ONLY = new Set(["id", "bitrix_created", "bitrix_task_id"]);
/** Calendar days, which the schema checks with a refinement JSON Schema cannot carry. */
const DATE_FIELDS = new Set(["data_sugerida", "data_inicio", "data_fim"]);
const DATE_PATTERN = "^\\d{4}-\\d{2}-\\d{2}$";
/** Keywords strict mode refuses or ignores. */
const DROPPED = new Set(["$schema", "minLength", "maxLength", "default", "format"]);

function acceptsNull(schema: JsonSchema): boolean {
  if (schema.type === "null") return true;
  if (Array.isArray(schema.type) && schema.type.includes("null")) return true;
  return Array.isArray(schema.anyOf) && (schema.anyOf as JsonSchema[]).some(acceptsNull);
}

function nullable(schema: JsonSchema): JsonSchema {
  if (acceptsNull(schema)) return schema;
  if (typeof schema.type === "string" && schema.type !== "object" && schema.type !== "array") {
    return { ...schema, type: [schema.type, "null"] };
  }
  if (Array.isArray(schema.anyOf)) return { ...schema, anyOf: [...schema.anyOf, { type: "null" }] };
  return { anyOf: [schema, { type: "null" }] };
}

/** `anyOf` inside `anyOf` flattened, and a type list of several kinds (string or number) as `anyOf`. */
function alternatives(schema: JsonSchema): JsonSchema[] {
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).flatMap(alternatives);
  return [schema];
}

function strict(schema: JsonSchema, name?: string): JsonSchema {
  if (Array.isArray(schema.anyOf)) {
    return { anyOf: alternatives(schema).map((member) => strict(member)) };
  }
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) if (!DROPPED.has(keyword)) out[keyword] = value;

  const types = Array.isArray(out.type) ? (out.type as string[]) : null;
  if (types && types.filter((type) => type !== "null").length > 1) {
    const { type: _, ...rest } = out;
    return { anyOf: types.map((type) => ({ ...rest, type })) };
  }
  if (name && DATE_FIELDS.has(name)) out.pattern = DATE_PATTERN;

  if (out.type === "object" && out.properties) {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const properties: Record<string, JsonSchema> = {};
    for (const [key, child] of Object.entries(out.properties as Record<string, JsonSchema>)) {
      if (SERVER_ONLY.has(key)) continue;
      const converted = strict(child, key);
      properties[key] = required.has(key) ? converted : nullable(converted);
    }
    out.properties = properties;
    out.required = Object.keys(properties);
    out.additionalProperties = false;
  }
  if (out.type === "array" && out.items) out.items = strict(out.items as JsonSchema);
  return out;
}

/** The plan's JSON schema as strict structured output takes it. */
export function planJsonSchema(): JsonSchema {
  return strict(z.toJSONSchema(PlanContentSchema, { io: "input" }) as JsonSchema);
}

/** The `response_format` of every plan request: built once, it never changes while the server runs. */
export const planResponseFormat = {
  type: "json_schema",
  json_schema: { name: "planejamento_de_conteudo", strict: true, schema: planJsonSchema() },
} as const;
