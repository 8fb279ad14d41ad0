// @vitest-environment happy-dom
import { zodResolver } from "@hookform/resolvers/zod";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it } from "vitest";
import { reimbursementDateWindow } from "@/domain/dates";
import { SUPPORT_DEPARTMENT_OPTIONS } from "@/domain/requests/kinds/suporte/options";
import { TeamInputSchema, teamMessages } from "@/domain/teams/team";
import { DatePicker } from "./date-picker";
import { type FieldSpec, FormFields } from "./form-fields";

/*
 * The form kit as a person uses it: a field of a form declared with the shared
 * schema shows that schema's Portuguese message, the date picker shows
 * dd/mm/aaaa and gives an ISO day, the checkbox group keeps its options' order.
 */

afterEach(cleanup);

type TeamValues = { name: string; departamentos: string[] };
const TeamFields: readonly FieldSpec<TeamValues>[] = [
  { type: "text", name: "name", id: "equipe-nome", label: "Nome da equipe", required: true },
  {
    type: "checkboxes",
    name: "departamentos",
    id: "equipe-departamentos",
    label: "Departamentos que atende",
    hint: "Os chamados vão para as equipes do departamento escolhido.",
    options: SUPPORT_DEPARTMENT_OPTIONS,
  },
];

/** A team's name and departments through the kit, judged by the server's own schema. */
function TeamSketch({ onValid }: { onValid: (values: unknown) => void }) {
  const form = useForm<TeamValues>({
    resolver: zodResolver(TeamInputSchema.pick({ name: true, departamentos: true })) as never,
    defaultValues: { name: "", departamentos: [] },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)} aria-label="Equipe">
      <FormFields form={form} fields={TeamFields} idPrefix="equipe" />
      <button type="submit">Salvar equipe</button>
    </form>
  );
}

describe("a field of the kit", () => {
  it("shows the shared schema's Portuguese message, linked to its control, and focuses it", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    render(<TeamSketch onValid={(values) => sent.push(values)} />);
    await user.click(screen.getByRole("button", { name: "Salvar equipe" }));

    const name = screen.getByRole("textbox", { name: "Nome da equipe" });
    expect(await screen.findByText(teamMessages.nameRequired)).toBeTruthy();
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(name.getAttribute("aria-describedby")).toBe("equipe-nome-error");
    expect(document.getElementById("equipe-nome-error")?.textContent).toBe("Informe o nome da equipe");
    expect(document.activeElement).toBe(name);
    expect(sent).toEqual([]);

    // Fixed, the message goes as it is typed, and the values go out as the schema reads them.
    await user.type(name, "  Financeiro ");
    expect(screen.queryByText(teamMessages.nameRequired)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Salvar equipe" }));
    expect(sent).toEqual([{ name: "Financeiro", departamentos: [] }]);
  });
});

describe("the checkbox group", () => {
  it("is a group named by its legend whose value keeps the options' order", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    render(<TeamSketch onValid={(values) => sent.push(values)} />);
    const group = screen.getByRole("group", { name: "Departamentos que atende" });
    expect(group.getAttribute("aria-describedby")).toBe("equipe-departamentos-hint");
    const boxes = within(group).getAllByRole("checkbox");
    expect(boxes.map((box) => box.getAttribute("aria-checked"))).toEqual(boxes.map(() => "false"));

    const [first, second] = SUPPORT_DEPARTMENT_OPTIONS.map((option) => option.label);
    // Ticked second first, by its label: the value still follows the list.
    await user.click(screen.getByText(second!));
    await user.click(within(group).getByRole("checkbox", { name: first }));
    await user.click(within(group).getByRole("checkbox", { name: second }));
    await user.click(within(group).getByRole("checkbox", { name: second }));
    await user.type(screen.getByRole("textbox", { name: "Nome da equipe" }), "Suporte");
    await user.click(screen.getByRole("button", { name: "Salvar equipe" }));
    expect(sent).toEqual([
      {
        name: "Suporte",
        departamentos: SUPPORT_DEPARTMENT_OPTIONS.slice(0, 2).map((option) => option.value),
      },
    ]);
  });
});

/** The picker as a form holds it: the ISO day, shown back as dd/mm/aaaa. */
function DateSketch({ today, onChange }: { today: string; onChange: (iso: string) => void }) {
  const [value, setValue] = useState("");
  return (
    <>
      <span id="data-label">Data da despesa</span>
      <DatePicker
        id="data"
        labelId="data-label"
        calendarLabel="Escolha a data da despesa"
        {...reimbursementDateWindow(today)}
        value={value}
        onChange={(iso) => {
          setValue(iso);
          onChange(iso);
        }}
      />
    </>
  );
}

describe("the date picker", () => {
  it("shows dd/mm/aaaa, opens a pt-BR calendar, and gives the chosen day as yyyy-mm-dd", async () => {
    const user = userEvent.setup();
    const chosen: string[] = [];
    render(<DateSketch today="2026-11-20" onChange={(iso) => chosen.push(iso)} />);
    const button = screen.getByRole("button", { name: "Data da despesa dd/mm/aaaa" });
    await user.click(button);

    const calendar = await screen.findByRole("dialog", { name: "Escolha a data da despesa" });
    expect(within(calendar).getByRole("combobox", { name: "Mês" })).toBeTruthy();
    // Days after today cannot be chosen.
    expect(
      (within(calendar).getByRole("button", { name: /21 de novembro de 2026/ }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    await user.click(within(calendar).getByRole("button", { name: /sexta-feira, 6 de novembro de 2026/ }));

    expect(chosen).toEqual(["2026-11-06"]);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("button", { name: "Data da despesa 06/11/2026" })).toBeTruthy();
  });
});
