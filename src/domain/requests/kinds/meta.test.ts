import { describe, expect, it } from "vitest";
import { todayInSaoPaulo } from "../../dates";
import { workflowStates } from "../workflow";
import { REQUEST_KINDS, requestKind } from "./index";
import { KIND_NAMES, REQUEST_KIND_META } from "./meta";
import { recordFields, sharedFieldColumns } from "./stored-columns";

describe("a kind's meta and its definition", () => {
  it("name the same kinds in the same order", () => {
    expect(REQUEST_KINDS).toEqual(KIND_NAMES);
  });

  it("are the kinds the registry pins: the one place a test names them (every other test reads REQUEST_KINDS)", () => {
    expect(REQUEST_KINDS).toMatchInlineSnapshot(`
      [
        "reembolso",
        "bolsa",
        "material",
        "suporte",
        "seo",
        "ausencia",
        "adiantamento",
      ]
    `);
  });

  it.each(KIND_NAMES)(
    "%s: the definition carries its meta, and every money and routing field is one of its record's",
    (kind) => {
      const meta = REQUEST_KIND_META[kind];
      const definition = requestKind(kind);
      expect(definition).toMatchObject(meta);
      const fields = recordFields(definition);
      for (const field of Object.keys(sharedFieldColumns(meta))) expect(fields).toContain(field);
      if (meta.calendar) {
        expect(fields).toContain(meta.calendar.first);
        expect(fields).toContain(meta.calendar.last);
      }
    },
  );

  it("gives every kind its own path, slug and place in the menu", () => {
    const metas = KIND_NAMES.map((kind) => REQUEST_KIND_META[kind]);
    for (const key of ["formPath", "slug"] as const)
      expect(new Set(metas.map((m) => m[key])).size).toBe(metas.length);
    expect(new Set(metas.map((m) => m.nav.order)).size).toBe(metas.length);
  });

  it("names only built-in teams as a kind's default handlers (migration 0007's keys)", () => {
    const builtIn = ["financeiro", "rh", "compras", "marketing", "performance"];
    for (const meta of Object.values(REQUEST_KIND_META))
      if ("handledBy" in meta && meta.handledBy) expect(builtIn).toContain(meta.handledBy);
  });
});

describe("a kind's sample (<kind>/sample.ts), read by the seeds, the benches and the tests", () => {
  const person = { name: "Ana Souza", email: "ana@agencia.digital" };

  it.each(KIND_NAMES)("%s: its bodies pass the kind's schema, as the form sends them", (kind) => {
    const definition = requestKind(kind);
    const today = todayInSaoPaulo();
    for (const n of [0, 1, 2, 7]) {
      const body = definition.sample.body({ ...person, n, today, mark: `marca-${n}` });
      const sent = { ...body, ...definition.session?.values(person, body) };
      const parsed = definition.schema(today).safeParse(sent);
      expect(parsed.error?.issues ?? [], JSON.stringify(body)).toEqual([]);
      if (definition.attachments)
        for (const value of Object.values(body)) expect(typeof value).toBe("string");
      // A JSON kind's form sends the schema's output (create-request.ts): the server must take it again.
      else expect(definition.schema(today).parse(parsed.data)).toEqual(parsed.data);
    }
  });

  it.each(KIND_NAMES)(
    "%s: its records keep only the kind's fields, and its ends are its workflow's",
    (kind) => {
      const definition = requestKind(kind);
      const fields = recordFields(definition);
      for (const n of [0, 1, 2, 7]) {
        const record = definition.sample.record({
          ...person,
          n,
          createdAt: new Date("2026-03-02T12:00:00Z"),
        });
        for (const field of Object.keys(record)) expect(fields, field).toContain(field);
      }
      const { decided, settled, refused } = definition.sample.ends;
      const states = workflowStates(definition.workflow);
      for (const state of [decided, refused, ...(settled ? [settled] : [])]) expect(states).toContain(state);
      expect(definition.workflow.closed).toContain(settled ?? decided);
    },
  );
});
