import { describe, expect, it } from "vitest";
import { REQUEST_KINDS, requestKind } from "@/domain/requests/kinds";
import { REQUEST_FORMS } from "./request-forms";

/*
 * A kind's form and its definition (src/domain/requests/kinds/<kind>) hold the
 * same fields: a field the form shows is one the schema reads, and every field
 * the schema reads is on the form, filled from the session, or the files.
 */
describe("each kind's form and its definition agree", () => {
  it.each(REQUEST_KINDS)("%s", (kind) => {
    const definition = requestKind(kind);
    const form = REQUEST_FORMS[kind];
    expect(form.kind).toBe(kind);
    const schemaFields = Object.keys(definition.schema().shape);
    const fileField = definition.attachments?.field;
    const formFields = form.fields.flatMap((field) => ("name" in field ? [field.name as string] : []));
    for (const name of formFields) expect([...schemaFields, fileField]).toContain(name);
    const sessionFields: readonly string[] = definition.session?.fields ?? [];
    for (const name of schemaFields) {
      if (!formFields.includes(name)) expect(sessionFields).toContain(name);
    }
    if (fileField) expect(formFields).toContain(fileField);
  });
});
