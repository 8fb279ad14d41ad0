// @vitest-environment happy-dom
import { zodResolver } from "@hookform/resolvers/zod";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { personNameMessages } from "@/domain/auth/person-name";
import { ReembolsoInputSchema } from "@/domain/requests/kinds/reembolso/definition";
import { reembolsoMessages } from "@/domain/requests/kinds/reembolso/messages";
import { REIMBURSEMENT_TYPE_OPTIONS } from "@/domain/requests/kinds/reembolso/options";
import { fieldMessages } from "@/domain/requests/messages";
import { AccountNameHint } from "./account-name-hint";
import { type FieldSpec, FormFields } from "./form-fields";

/*
 * The reimbursement's name, expense type and amount drawn by the kit and
 * judged by the server's own schema: the messages a person reads are the
 * schema's, each on its control (aria-invalid, aria-describedby); the amount is
 * typed as 'R$ 1.234,56' and leaves the form in cents; a name the account gives
 * is locked.
 */

afterEach(cleanup);

type Values = { nome: string; tipo: string; valor: string };
const schema = ReembolsoInputSchema.pick({ nome: true, tipo: true, valor: true });

function fields(lock: "readOnly" | "disabled"): FieldSpec<Values>[] {
  return [
    {
      type: "session",
      name: "nome",
      label: "Nome completo",
      required: true,
      lock,
      lockedHint: <AccountNameHint />,
      input: "name",
      placeholder: "Digite seu nome completo",
    },
    {
      type: "select",
      name: "tipo",
      label: "Tipo de despesa",
      required: true,
      options: REIMBURSEMENT_TYPE_OPTIONS,
      placeholder: "Selecione o tipo de despesa",
    },
    { type: "currency", name: "valor", label: "Valor", required: true },
  ];
}

function Sketch({
  nome = "",
  lock = "readOnly",
  onValid,
}: {
  nome?: string;
  lock?: "readOnly" | "disabled";
  onValid: (values: unknown) => void;
}) {
  const form = useForm<Values>({
    resolver: zodResolver(lock === "disabled" ? schema.omit({ nome: true }) : schema) as never,
    defaultValues: { nome, tipo: "", valor: "" },
  });
  return (
    <MemoryRouter>
      <form noValidate onSubmit={form.handleSubmit(onValid)} aria-label="Reembolso">
        <FormFields form={form} fields={fields(lock)} idPrefix="reembolso" />
        <button type="submit">Enviar</button>
      </form>
    </MemoryRouter>
  );
}

function setup(props: Omit<Parameters<typeof Sketch>[0], "onValid"> = {}) {
  const user = userEvent.setup();
  const sent: unknown[] = [];
  render(<Sketch {...props} onValid={(values) => sent.push(values)} />);
  const submit = () => user.click(screen.getByRole("button", { name: "Enviar" }));
  return { user, sent, submit };
}

const amount = () => screen.getByRole("textbox", { name: "Valor" }) as HTMLInputElement;

describe("a required field left empty", () => {
  it("shows each schema message under its own control, marked invalid and described by it", async () => {
    const { sent, submit } = setup();
    await submit();

    const cases = [
      [screen.getByRole("textbox", { name: "Nome completo" }), "reembolso-nome", personNameMessages.tooShort],
      [
        screen.getByRole("combobox", { name: "Tipo de despesa" }),
        "reembolso-tipo",
        reembolsoMessages.fields.tipoDespesaRequired,
      ],
      [amount(), "reembolso-valor", fieldMessages.valorInvalid],
    ] as const;
    for (const [control, id, message] of cases) {
      expect(control.getAttribute("aria-invalid")).toBe("true");
      expect(control.getAttribute("aria-required")).toBe("true");
      expect(control.getAttribute("aria-describedby")).toBe(`${id}-error`);
      expect(document.getElementById(`${id}-error`)?.textContent).toBe(message);
    }
    expect(sent).toEqual([]);
    // The first field in screen order takes the focus.
    expect(document.activeElement).toBe(cases[0][0]);
  });

  it("is neither invalid nor described by an error before the first submit", () => {
    setup();
    for (const control of [screen.getByRole("textbox", { name: "Nome completo" }), amount()]) {
      expect(control.getAttribute("aria-invalid")).toBeNull();
      expect(control.getAttribute("aria-describedby")).toBeNull();
    }
    expect(screen.queryByText(fieldMessages.valorInvalid)).toBeNull();
  });
});

describe("the amount", () => {
  it("shows 'R$ 0,00' empty and fills from the right as the person types", async () => {
    const { user } = setup();
    expect(amount().placeholder).toBe("R$\u00a00,00");
    expect(amount().inputMode).toBe("numeric");
    const seen: string[] = [];
    for (const key of "123456") {
      await user.type(amount(), key);
      seen.push(amount().value);
    }
    expect(seen).toEqual(
      ["R$ 0,01", "R$ 0,12", "R$ 1,23", "R$ 12,34", "R$ 123,45", "R$ 1.234,56"].map((text) =>
        text.replace(" ", "\u00a0"),
      ),
    );
  });

  it("keeps digits only, shifts back on delete, and empties at zero", async () => {
    const { user } = setup();
    await user.type(amount(), "1a2-3");
    expect(amount().value).toBe("R$\u00a01,23");
    await user.type(amount(), "{Backspace}");
    expect(amount().value).toBe("R$\u00a00,12");
    await user.type(amount(), "{Backspace}{Backspace}");
    expect(amount().value).toBe("");
  });

  it("reads a pasted amount as its digits", async () => {
    const { user } = setup();
    await user.click(amount());
    await user.paste("R$ 1.234,56");
    expect(amount().value).toBe("R$\u00a01.234,56");
  });

  it("hands the form cents, and the message goes once an amount is typed", async () => {
    const { user, sent, submit } = setup({ nome: "Ana Souza" });
    await submit();
    expect(await screen.findByText(fieldMessages.valorInvalid)).toBeTruthy();

    await user.type(amount(), "123456");
    expect(screen.queryByText(fieldMessages.valorInvalid)).toBeNull();
    expect(amount().getAttribute("aria-invalid")).toBeNull();

    await user.click(screen.getByRole("combobox", { name: "Tipo de despesa" }));
    const [first] = REIMBURSEMENT_TYPE_OPTIONS;
    await user.click(await screen.findByRole("option", { name: first?.label }));
    await submit();
    expect(sent).toEqual([{ nome: "Ana Souza", tipo: first?.value, valor: 123_456 }]);
  });
});

describe("the name the account gives", () => {
  it("is read-only, shows where to change it, and goes with the form", async () => {
    const { user, sent, submit } = setup({ nome: "Ana Souza" });
    const name = screen.getByRole("textbox", { name: "Nome completo" }) as HTMLInputElement;
    expect(name.readOnly).toBe(true);
    expect(name.value).toBe("Ana Souza");
    expect(name.getAttribute("aria-describedby")).toBe("reembolso-nome-hint");
    const hint = document.getElementById("reembolso-nome-hint") as HTMLElement;
    expect(hint.textContent).toContain("Preenchido com o nome da sua conta.");
    expect(within(hint).getByRole("link", { name: "Alterar em Minha conta" })).toBeTruthy();

    await user.type(name, " Lima");
    expect(name.value).toBe("Ana Souza");
    await user.type(amount(), "1000");
    await user.click(screen.getByRole("combobox", { name: "Tipo de despesa" }));
    await user.click(await screen.findByRole("option", { name: REIMBURSEMENT_TYPE_OPTIONS[0]?.label }));
    await submit();
    expect(sent).toEqual([{ nome: "Ana Souza", tipo: REIMBURSEMENT_TYPE_OPTIONS[0]?.value, valor: 1000 }]);
  });

  it("is a text box the person fills, without the account's hint, when the account has no name", async () => {
    const { user, submit } = setup();
    const name = screen.getByRole("textbox", { name: "Nome completo" }) as HTMLInputElement;
    expect(name.readOnly).toBe(false);
    expect(screen.queryByRole("link", { name: "Alterar em Minha conta" })).toBeNull();
    await user.type(name, "Bo");
    await submit();
    expect(await screen.findByText(personNameMessages.tooShort)).toBeTruthy();
    await user.type(name, "rges");
    expect(screen.queryByText(personNameMessages.tooShort)).toBeNull();
    expect(name.value).toBe("Borges");
  });

  it("locked as disabled, is shown but not a value of the form's", async () => {
    const { user, sent, submit } = setup({ nome: "Ana Souza", lock: "disabled" });
    const name = screen.getByRole("textbox", { name: "Nome completo" }) as HTMLInputElement;
    expect(name.disabled).toBe(true);
    expect(name.value).toBe("Ana Souza");
    await user.type(amount(), "250");
    await user.click(screen.getByRole("combobox", { name: "Tipo de despesa" }));
    await user.click(await screen.findByRole("option", { name: REIMBURSEMENT_TYPE_OPTIONS[1]?.label }));
    await submit();
    expect(sent).toEqual([{ tipo: REIMBURSEMENT_TYPE_OPTIONS[1]?.value, valor: 250 }]);
  });
});
