// @vitest-environment happy-dom
import { zodResolver } from "@hookform/resolvers/zod";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it } from "vitest";
import { reimbursementDateWindow } from "@/domain/dates";
import { ClientInputSchema } from "@/domain/planning/client.schema";
import { MARKET_TYPES } from "@/domain/planning/options";
import { reembolsoInputSchema } from "@/domain/requests/kinds/reembolso/definition";
import { reembolsoMessages } from "@/domain/requests/kinds/reembolso/messages";
import { SEO_ANALYSIS_TYPE_OPTIONS } from "@/domain/requests/kinds/seo/options";
import { fieldMessages } from "@/domain/requests/messages";
import { type FieldSpec, FormFields } from "./form-fields";

/*
 * The kit's date field and select as a form declares them: the date's button
 * carries the schema's message (aria-invalid, aria-describedby) and the
 * keyboard picks a day; the select shows its placeholder, keeps disabled
 * options out of reach, and stores what `parse` makes of a choice.
 */

afterEach(cleanup);

const TODAY = "2026-11-20";

type DateValues = { data: string };
const DATE_FIELDS: readonly FieldSpec<DateValues>[] = [
  {
    type: "date",
    name: "data",
    label: "Data da despesa",
    required: true,
    today: () => TODAY,
    window: reimbursementDateWindow,
    calendarLabel: "Escolha a data da despesa",
  },
];

type SelectValues = { market_type: string; tipoAnalise: string };
const SELECT_FIELDS: readonly FieldSpec<SelectValues>[] = [
  {
    type: "select",
    name: "market_type",
    label: "Tipo de mercado",
    options: [
      { value: "nenhum", label: "Não informado" },
      ...MARKET_TYPES.map((type) => ({ value: type, label: type })),
    ],
    placeholder: "Selecione o tipo de mercado",
    parse: (value) => (value === "nenhum" ? "" : value),
  },
  {
    type: "select",
    name: "tipoAnalise",
    label: "Tipo de análise",
    options: SEO_ANALYSIS_TYPE_OPTIONS,
    placeholder: "Selecione o tipo de análise",
  },
];

function Sketch<V extends Record<string, string>>({
  fields,
  schema,
  defaults,
  onValid,
}: {
  fields: readonly FieldSpec<V>[];
  schema: Parameters<typeof zodResolver>[0];
  defaults: V;
  onValid: (values: unknown) => void;
}) {
  const form = useForm<V>({ resolver: zodResolver(schema) as never, defaultValues: defaults as never });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)} aria-label="Formulário">
      <FormFields form={form} fields={fields} idPrefix="teste" />
      <button type="submit">Enviar</button>
    </form>
  );
}

function setup<V extends Record<string, string>>(props: Omit<Parameters<typeof Sketch<V>>[0], "onValid">) {
  const user = userEvent.setup();
  const sent: unknown[] = [];
  render(<Sketch {...props} onValid={(values) => sent.push(values)} />);
  return { user, sent, submit: () => user.click(screen.getByRole("button", { name: "Enviar" })) };
}

describe("the date field", () => {
  const schema = reembolsoInputSchema(TODAY).pick({ data: true });

  it("carries the schema's message on its button when no day is chosen", async () => {
    const { sent, submit } = setup({ fields: DATE_FIELDS, schema, defaults: { data: "" } });
    await submit();
    const button = screen.getByRole("button", { name: "Data da despesa dd/mm/aaaa" });
    expect((await screen.findByText(fieldMessages.dataRequired)).id).toBe("teste-data-error");
    expect(button.getAttribute("aria-invalid")).toBe("true");
    expect(button.getAttribute("aria-describedby")).toBe("teste-data-error");
    expect(document.activeElement).toBe(button);
    expect(sent).toEqual([]);
  });

  it("opens on today and picks a day with the keyboard, as yyyy-mm-dd", async () => {
    const { user, sent, submit } = setup({ fields: DATE_FIELDS, schema, defaults: { data: "" } });
    await user.click(screen.getByRole("button", { name: "Data da despesa dd/mm/aaaa" }));
    const calendar = await screen.findByRole("dialog", { name: "Escolha a data da despesa" });
    const today = within(calendar).getByRole("button", {
      name: /^Hoje, sexta-feira, 20 de novembro de 2026/,
    });
    expect(document.activeElement).toBe(today);

    await user.keyboard("{ArrowLeft}{ArrowUp}{Enter}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("button", { name: "Data da despesa 12/11/2026" })).toBeTruthy();
    await submit();
    expect(sent).toEqual([{ data: "2026-11-12" }]);
  });

  it("closes on Escape without changing the day", async () => {
    const { user } = setup({ fields: DATE_FIELDS, schema, defaults: { data: "2026-03-05" } });
    await user.click(screen.getByRole("button", { name: "Data da despesa 05/03/2026" }));
    await screen.findByRole("dialog", { name: "Escolha a data da despesa" });
    expect(document.activeElement?.getAttribute("aria-label")).toMatch(/5 de março de 2026, selecionado$/);
    await user.keyboard("{ArrowRight}{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("button", { name: "Data da despesa 05/03/2026" })).toBeTruthy();
  });

  it("passes a stored day outside the window on to the schema, which refuses it", async () => {
    const { sent, submit } = setup({ fields: DATE_FIELDS, schema, defaults: { data: "2024-12-31" } });
    await submit();
    expect(await screen.findByText(reembolsoMessages.fields.dataOutOfWindow)).toBeTruthy();
    expect(sent).toEqual([]);
  });
});

describe("the select", () => {
  const schema = ClientInputSchema.pick({ market_type: true });
  const defaults = { market_type: "", tipoAnalise: "" };

  it("shows its placeholder until a choice, then the choice's label", async () => {
    const { user } = setup({ fields: SELECT_FIELDS, schema, defaults });
    const select = screen.getByRole("combobox", { name: "Tipo de mercado" });
    expect(select.textContent).toBe("Selecione o tipo de mercado");
    await user.click(select);
    const options = within(await screen.findByRole("listbox")).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["Não informado", ...MARKET_TYPES]);
    await user.click(screen.getByRole("option", { name: "B2C" }));
    expect(select.textContent).toBe("B2C");
  });

  it("stores what `parse` makes of the choice: the item for none as ''", async () => {
    const { user, sent, submit } = setup({ fields: SELECT_FIELDS, schema, defaults });
    await user.click(screen.getByRole("combobox", { name: "Tipo de mercado" }));
    await user.click(await screen.findByRole("option", { name: "B2B e B2C" }));
    await submit();
    await user.click(screen.getByRole("combobox", { name: "Tipo de mercado" }));
    await user.click(await screen.findByRole("option", { name: "Não informado" }));
    await submit();
    expect(sent).toEqual([{ market_type: "B2B e B2C" }, { market_type: null }]);
  });

  it("keeps a disabled option out of reach", async () => {
    const { user } = setup({ fields: SELECT_FIELDS, schema, defaults });
    const select = screen.getByRole("combobox", { name: "Tipo de análise" });
    await user.click(select);
    const cro = await screen.findByRole("option", { name: "Análise de CRO" });
    expect(cro.getAttribute("aria-disabled")).toBe("true");
    await user.click(cro);
    expect(select.textContent).toBe("Selecione o tipo de análise");
  });
});
