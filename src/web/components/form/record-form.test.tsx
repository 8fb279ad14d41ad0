// @vitest-environment happy-dom
import { zodResolver } from "@hookform/resolvers/zod";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ClientInputSchema, clientMessages } from "@/domain/planning/client.schema";
import { amountField } from "@/domain/requests/fields";
import { LazyToaster } from "@/web/components/ui/lazy-toaster";
import { ApiRequestError } from "@/web/lib/api-client";
import { letClosingToastsFinish } from "@/web/testing/toasts";
import type { FieldSpec } from "./form-fields";
import { RecordForm } from "./record-form";

/*
 * A record's form in a panel (the client's, reduced to three fields): empty to
 * create, filled from the stored record to edit, the schema's output handed to
 * the mutation (with the record's id when editing), the server's field
 * messages under their fields, and 'Cancelar'.
 */

letClosingToastsFinish();

afterEach(cleanup);

const schema = ClientInputSchema.pick({ name: true, segment: true, website: true });
type Values = { name: string; segment: string; website: string };
const FIELDS: readonly FieldSpec<Values>[] = [
  { type: "text", name: "name", id: "cliente-nome", label: "Nome", required: true, input: "off" },
  { type: "text", name: "segment", id: "cliente-segmento", label: "Segmento", input: "off" },
  { type: "text", name: "website", id: "cliente-site", label: "Site", input: "url" },
];

type Sent = { id?: string; body: unknown };

function setup({
  record,
  fail,
  isPending = false,
}: {
  record?: Record<string, unknown> & { id: string };
  fail?: unknown;
  isPending?: boolean;
} = {}) {
  const user = userEvent.setup();
  const sent: Sent[] = [];
  const saved: unknown[] = [];
  const failures: unknown[] = [];
  let cancelled = 0;
  render(
    <>
      <RecordForm
        name={record ? "Editar cliente" : "Cadastrar cliente"}
        idPrefix="cliente"
        fields={FIELDS}
        resolver={zodResolver(schema) as never}
        record={record}
        mutation={{
          isPending,
          mutateAsync: async (variables: Sent) => {
            sent.push(variables);
            if (fail) throw fail;
            return { id: variables.id ?? "novo-id" };
          },
        }}
        errorNotice={(error) => {
          failures.push(error);
          return clientMessages.saveFailed;
        }}
        successNotice={() => clientMessages.created}
        onSaved={(result) => saved.push(result)}
        onCancel={() => {
          cancelled++;
        }}
        submitLabel="Salvar"
      />
      <LazyToaster />
    </>,
  );
  const form = screen.getByRole("form", { name: record ? "Editar cliente" : "Cadastrar cliente" });
  const save = () => user.click(screen.getByRole("button", { name: "Salvar" }));
  const box = (name: string) => screen.getByRole("textbox", { name }) as HTMLInputElement;
  return { user, sent, saved, failures, cancelled: () => cancelled, form, save, box };
}

describe("the record form, creating", () => {
  it("starts empty, says the schema's message, and sends nothing while it stands", async () => {
    const { sent, save, box } = setup();
    expect(FIELDS.map((field) => ("name" in field ? box(field.label as string).value : null))).toEqual([
      "",
      "",
      "",
    ]);
    await save();
    expect(await screen.findByText(clientMessages.nameMin)).toBeTruthy();
    expect(box("Nome").getAttribute("aria-invalid")).toBe("true");
    expect(box("Nome").getAttribute("aria-describedby")).toBe("cliente-nome-error");
    expect(sent).toEqual([]);
  });

  it("hands the mutation the schema's output without an id, then the toast and onSaved", async () => {
    const { user, sent, saved, save, box } = setup();
    await user.type(box("Nome"), "  Padaria Pão Quente ");
    await user.type(box("Site"), "https://padaria.example");
    await save();
    await waitFor(() => expect(saved).toEqual([{ id: "novo-id" }]));
    expect(sent).toEqual([
      {
        id: undefined,
        body: { name: "Padaria Pão Quente", segment: null, website: "https://padaria.example" },
      },
    ]);
    expect(await screen.findByText(clientMessages.created.title)).toBeTruthy();
  });

  it("'Cancelar' calls onCancel and sends nothing", async () => {
    const { user, sent, cancelled } = setup();
    await user.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(cancelled()).toBe(1);
    expect(sent).toEqual([]);
  });
});

describe("the record form, editing", () => {
  const record = { id: "c-42", name: "Padaria Pão Quente", segment: "Alimentação", website: null };

  it("shows the stored values, an absent one as empty, and sends the changes with the record's id", async () => {
    const { user, sent, save, box } = setup({ record });
    expect([box("Nome").value, box("Segmento").value, box("Site").value]).toEqual([
      "Padaria Pão Quente",
      "Alimentação",
      "",
    ]);
    await user.clear(box("Segmento"));
    await user.type(box("Segmento"), "Padaria");
    await save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      id: "c-42",
      body: { name: "Padaria Pão Quente", segment: "Padaria", website: null },
    });
  });

  it("puts the server's field messages under their fields and focuses the first, with the error toast", async () => {
    const refused = new ApiRequestError(400, {
      message: "Dados inválidos",
      fields: { website: clientMessages.urlInvalid, name: clientMessages.nameTaken },
    });
    const { saved, failures, save, box } = setup({ record, fail: refused });
    await save();
    expect(await screen.findByText(clientMessages.nameTaken)).toBeTruthy();
    expect(document.getElementById("cliente-site-error")?.textContent).toBe(clientMessages.urlInvalid);
    expect(box("Nome").getAttribute("aria-invalid")).toBe("true");
    expect(box("Site").getAttribute("aria-invalid")).toBe("true");
    // The first in screen order, not in the server's.
    expect(document.activeElement).toBe(box("Nome"));
    expect(failures).toEqual([refused]);
    expect(saved).toEqual([]);
    expect(await screen.findByText(clientMessages.saveFailed.title)).toBeTruthy();
  });
});

describe("the record form, busy", () => {
  it("says so and takes no second click while the mutation runs", () => {
    const { form } = setup({ isPending: true });
    expect(form.getAttribute("aria-busy")).toBe("true");
    expect((screen.getByRole("button", { name: "Salvando..." }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Cancelar" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Salvar" })).toBeNull();
  });
});

describe("the record form, a stored amount", () => {
  const schema = z.object({ limite: amountField("Informe um valor válido.") });
  const fields: readonly FieldSpec<{ limite: string }>[] = [
    { type: "currency", name: "limite", id: "limite-valor", label: "Limite mensal" },
  ];

  it("shows the stored cents as the mask does, and sends the changed amount in cents", async () => {
    const user = userEvent.setup();
    const sent: Sent[] = [];
    render(
      <RecordForm
        name="Editar limite"
        idPrefix="limite"
        fields={fields}
        resolver={zodResolver(schema) as never}
        record={{ id: "l-1", limite: 123_456 }}
        mutation={{
          isPending: false,
          mutateAsync: async (variables: Sent) => {
            sent.push(variables);
            return variables;
          },
        }}
        errorNotice={() => clientMessages.saveFailed}
        successNotice={() => clientMessages.created}
        onSaved={() => {}}
        onCancel={() => {}}
        submitLabel="Salvar"
      />,
    );
    const amount = screen.getByRole("textbox", { name: "Limite mensal" }) as HTMLInputElement;
    // Not the raw '123456' the stored number would read as.
    expect(amount.value).toBe("R$\u00a01.234,56");
    await user.type(amount, "7");
    expect(amount.value).toBe("R$\u00a012.345,67");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(sent).toEqual([{ id: "l-1", body: { limite: 1_234_567 } }]));
  });
});
