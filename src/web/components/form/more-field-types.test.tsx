// @vitest-environment happy-dom
import { zodResolver } from "@hookform/resolvers/zod";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { type FieldSpec, FormFields } from "./form-fields";

/*
 * The kinds of field the other kit tests leave out, as a person meets them:
 * the text area, the one checkbox with its label beside it, a control of the
 * form's own ('custom'), fields under a legend ('group'), a note drawn from
 * other fields ('derived'), a plain element, and a field shown only while
 * another's value passes its test ('shownWhen'). Each shows the schema's
 * Portuguese message under itself, linked to its control.
 */

afterEach(cleanup);

const schema = z.object({
  motivo: z.string().trim().min(1, "Informe o motivo"),
  aceite: z.literal(true, { error: "Confirme que leu as regras" }),
  codigo: z.string().regex(/^\d{4}$/, "Informe os 4 dígitos"),
  cidade: z.string(),
  estado: z.string(),
  urgente: z.boolean(),
  justificativa: z.string(),
});
type Values = {
  motivo: string;
  aceite: boolean;
  codigo: string;
  cidade: string;
  estado: string;
  urgente: boolean;
  justificativa: string;
};

const FIELDS: readonly FieldSpec<Values>[] = [
  { type: "element", key: "aviso", node: <p>Preencha com calma.</p> },
  { type: "textarea", name: "motivo", label: "Motivo", rows: 4, required: true, hint: "Até 500 caracteres" },
  { type: "checkbox", name: "aceite", label: "Li as regras", hint: "Obrigatório para enviar" },
  {
    type: "custom",
    name: "codigo",
    label: "Código",
    render: (control, field) => (
      <input {...control} value={field.value as string} onChange={(e) => field.onChange(e.target.value)} />
    ),
  },
  {
    type: "group",
    key: "endereco",
    legend: "Endereço",
    fields: [
      { type: "text", name: "cidade", label: "Cidade" },
      { type: "text", name: "estado", label: "Estado" },
    ],
  },
  {
    type: "derived",
    key: "onde",
    from: ["cidade", "estado"],
    render: ([cidade, estado]) => <p data-testid="onde">{cidade && estado ? `${cidade}/${estado}` : "—"}</p>,
  },
  { type: "checkbox", name: "urgente", label: "Urgente" },
  {
    type: "text",
    name: "justificativa",
    label: "Por que é urgente?",
    shownWhen: { field: "urgente", test: (value) => value === true },
  },
];

function Sketch({ onValid }: { onValid: (values: unknown) => void }) {
  const form = useForm<Values>({
    resolver: zodResolver(schema) as never,
    defaultValues: {
      motivo: "",
      aceite: false,
      codigo: "",
      cidade: "",
      estado: "",
      urgente: false,
      justificativa: "",
    },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)} aria-label="Pedido">
      <FormFields form={form as never} fields={FIELDS} idPrefix="pedido" />
      <button type="submit">Enviar</button>
    </form>
  );
}

function setup() {
  const user = userEvent.setup();
  const sent: unknown[] = [];
  render(<Sketch onValid={(values) => sent.push(values)} />);
  const send = () => user.click(screen.getByRole("button", { name: "Enviar" }));
  return { user, sent, send };
}

/** The control's error text, through its aria-describedby. */
const errorOf = (control: HTMLElement) =>
  (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id))
    .find((node) => node?.id.endsWith("-error"))?.textContent;

describe("the other kinds of field", () => {
  it("draws each with its label, hint and place, in the declared order", () => {
    setup();
    expect(screen.getByText("Preencha com calma.")).toBeTruthy();
    const motivo = screen.getByRole("textbox", { name: "Motivo" }) as HTMLTextAreaElement;
    expect([motivo.tagName, motivo.getAttribute("rows"), motivo.id]).toEqual([
      "TEXTAREA",
      "4",
      "pedido-motivo",
    ]);
    expect(motivo.getAttribute("aria-required")).toBe("true");
    expect(document.getElementById("pedido-motivo-hint")?.textContent).toBe("Até 500 caracteres");
    expect(screen.getByRole("checkbox", { name: "Li as regras" }).getAttribute("aria-checked")).toBe("false");
    expect(screen.getByRole("textbox", { name: "Código" }).id).toBe("pedido-codigo");
    const group = screen.getByRole("group", { name: "Endereço" });
    expect(
      within(group)
        .getAllByRole("textbox")
        .map((box) => box.id),
    ).toEqual(["pedido-cidade", "pedido-estado"]);
  });

  it("puts the schema's message under each field it refuses, linked to its control, and sends nothing", async () => {
    const { sent, send } = setup();
    await send();
    const motivo = screen.getByRole("textbox", { name: "Motivo" });
    expect(await screen.findByText("Informe o motivo")).toBeTruthy();
    expect(motivo.getAttribute("aria-invalid")).toBe("true");
    expect(errorOf(motivo)).toBe("Informe o motivo");
    const aceite = screen.getByRole("checkbox", { name: "Li as regras" });
    expect(aceite.getAttribute("aria-invalid")).toBe("true");
    expect(errorOf(aceite)).toBe("Confirme que leu as regras");
    expect(errorOf(screen.getByRole("textbox", { name: "Código" }))).toBe("Informe os 4 dígitos");
    expect(sent).toEqual([]);
  });

  it("hands on what the controls hold: the box ticked as true, the custom control's text, the group's fields", async () => {
    const { user, sent, send } = setup();
    await user.type(screen.getByRole("textbox", { name: "Motivo" }), "Troca do monitor");
    await user.click(screen.getByRole("checkbox", { name: "Li as regras" }));
    await user.type(screen.getByRole("textbox", { name: "Código" }), "1234");
    await user.type(screen.getByRole("textbox", { name: "Cidade" }), "Campinas");
    await user.type(screen.getByRole("textbox", { name: "Estado" }), "SP");
    expect(screen.getByTestId("onde").textContent).toBe("Campinas/SP");
    await send();
    expect(sent).toEqual([
      {
        motivo: "Troca do monitor",
        aceite: true,
        codigo: "1234",
        cidade: "Campinas",
        estado: "SP",
        urgente: false,
        justificativa: "",
      },
    ]);
  });

  it("shows a field only while another's value passes its test", async () => {
    const { user } = setup();
    expect(screen.queryByRole("textbox", { name: "Por que é urgente?" })).toBeNull();
    await user.click(screen.getByRole("checkbox", { name: "Urgente" }));
    expect(screen.getByRole("textbox", { name: "Por que é urgente?" })).toBeTruthy();
    await user.click(screen.getByRole("checkbox", { name: "Urgente" }));
    expect(screen.queryByRole("textbox", { name: "Por que é urgente?" })).toBeNull();
  });
});
