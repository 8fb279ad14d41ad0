import { describe, expect, it } from "vitest";
import { planJsonSchema } from "./plan-json-schema";

type Node = Record<string, unknown>;

/** Every schema node with its path, depth first. */
function walk(node: Node, path = "$", out: [string, Node][] = []): [string, Node][] {
  out.push([path, node]);
  for (const [key, child] of Object.entries((node.properties as Record<string, Node>) ?? {})) {
    walk(child, `${path}.${key}`, out);
  }
  if (node.items) walk(node.items as Node, `${path}[]`, out);
  for (const [i, member] of ((node.anyOf as Node[] | undefined) ?? []).entries())
    walk(member, `${path}|${i}`, out);
  return out;
}

describe("the plan's JSON schema for strict structured output", () => {
  const schema = planJsonSchema();
  const nodes = walk(schema);

  it("closes every object and requires each of its properties", () => {
    const objects = nodes.filter(([, node]) => node.type === "object");
    expect(objects.length).toBeGreaterThanOrEqual(8);
    for (const [path, node] of objects) {
      expect({ path, additionalProperties: node.additionalProperties }).toEqual({
        path,
        additionalProperties: false,
      });
      expect({ path, required: node.required }).toEqual({
        path,
        required: Object.keys(node.properties as Node),
      });
    }
  });

  it("keeps what the schema leaves optional as nullable, and what it requires as not", () => {
    const post = (nodes.find(([path]) => path === "$.calendario_editorial.semanas[].posts[]")?.[1] ?? {}) as {
      properties: Record<string, Node>;
    };
    expect(post.properties.titulo).toEqual({ type: "string" });
    expect(post.properties.cta).toEqual({ type: ["string", "null"] });
    expect(post.properties.data_sugerida).toEqual({
      type: ["string", "null"],
      pattern: "^\\d{4}-\\d{2}-\\d{2}$",
    });
    expect(post.properties.ab_test).toEqual({
      anyOf: [{ type: "string" }, { type: "boolean" }, { type: "null" }],
    });
    // Written by the server only.
    expect(Object.keys(post.properties)).not.toContain("id");
    expect(Object.keys(post.properties)).not.toContain("bitrix_created");
    expect(Object.keys(post.properties)).not.toContain("bitrix_task_id");
  });

  it("uses no keyword strict mode refuses, and no type list of two kinds", () => {
    for (const [path, node] of nodes) {
      for (const keyword of ["$schema", "minLength", "maxLength", "default", "format", "oneOf", "allOf"]) {
        expect({ path, has: keyword in node }).toEqual({ path, has: false });
      }
      if (Array.isArray(node.type)) {
        expect({ path, types: node.type.filter((type) => type !== "null").length }).toEqual({
          path,
          types: 1,
        });
      }
    }
  });
});
