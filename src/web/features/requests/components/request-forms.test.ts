import { describe, expect, it } from "vitest";
import { REQUEST_KINDS, requestKind } from "@/domain/requests/kinds";
import { dataFields, emptyValues, fieldOrder, valuesFromRecord } from "@/web/components/form/form-fields";
import { rulesBesideKept } from "@/web/components/form/with-attachments";
import { REQUEST_FORMS } from "./request-forms";

describe("the request forms follow the kind registry", () => {
  for (const kind of REQUEST_KINDS) {
    const declaration = REQUEST_FORMS[kind];
    const definition = requestKind(kind);
    const schemaFields = Object.keys(definition.schema().shape);

    it(`${kind}: every schema field is on the form, and nothing else but the files`, () => {
      const names = fieldOrder(declaration.fields);
      const files = definition.attachments ? [definition.attachments.field] : [];
      expect([...names].sort()).toEqual([...schemaFields, ...files].sort());
    });

    it(`${kind}: the session fields are the locked ones`, () => {
      const locked = dataFields(declaration.fields)
        .filter((field) => field.type === "session")
        .map((field) => field.name);
      expect(locked.sort()).toEqual([...(definition.session?.fields ?? [])].sort());
    });

    it(`${kind}: a file field carries the kind's rules`, () => {
      const file = dataFields(declaration.fields).find((field) => field.type === "file");
      expect(file && "rules" in file ? file.rules : undefined).toBe(definition.attachments?.rules);
    });
  }
});

describe("values of a declared form", () => {
  const fields = REQUEST_FORMS.reembolso.fields;

  it("starts empty, with the declared initial values", () => {
    expect(emptyValues(fields)).toEqual({
      nome: "",
      data: "",
      tipo: "",
      valor: "",
      centroCusto: "geral",
      anexo: [],
      chavePix: "",
      descricao: "",
    });
  });

  it("reads a stored record: money from cents as the mask shows it, fields stored under another name", () => {
    const values = valuesFromRecord(
      fields,
      {
        nome: "Ana",
        data: "2026-01-10",
        categoria: "transporte",
        valor: 123456,
        chavePix: null,
        descricao: "Táxi",
      },
      (cents) => `R$ ${cents}`,
    );
    expect(values).toMatchObject({ tipo: "transporte", valor: "R$ 123456", chavePix: "", anexo: [] });
  });
});

describe("attachment rules beside the stored files that stay", () => {
  const rules = requestKind("bolsa").attachments!.rules;
  const receipts = requestKind("reembolso").attachments!.rules;

  it("counts the kept files towards the minimum and the maximum", () => {
    expect(rulesBesideKept(receipts, 0)).toBe(receipts);
    expect(rulesBesideKept(receipts, 2)).toMatchObject({ min: 0 });
    expect(rulesBesideKept(rules, 1)).toMatchObject({ max: 0 });
  });
});
