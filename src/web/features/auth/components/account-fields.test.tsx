// @vitest-environment happy-dom
import { zodResolver } from "@hookform/resolvers/zod";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it } from "vitest";
import { checkPasswordChoice, MIN_PASSWORD_LENGTH } from "@/domain/auth/auth.rules";
import { ConfirmWithPasswordFormSchema } from "@/domain/auth/auth.schema";
import { FormFields } from "@/web/components/form/form-fields";
import { NEW_ACCOUNT_FIELDS } from "./account-fields";

/*
 * The confirmation page's fields through the kit ('Nome', 'Senha', 'Confirmar
 * senha'), judged by the schema that applies the server's own rule: each
 * message under its field, and the password's hint replaced by its error
 * while it shows (errorReplacesHint), back when it is fixed.
 */

afterEach(cleanup);

type Values = { name: string; password: string; confirmPassword: string };

function ConfirmSketch() {
  const form = useForm<Values>({
    resolver: zodResolver(ConfirmWithPasswordFormSchema) as never,
    defaultValues: { name: "", password: "", confirmPassword: "" },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(() => {})} aria-label="Confirme seu email">
      <FormFields form={form as never} fields={NEW_ACCOUNT_FIELDS} idPrefix="confirm" />
      <button type="submit">Confirmar email</button>
    </form>
  );
}

const hint = `Mínimo de ${MIN_PASSWORD_LENGTH} caracteres`;

describe("the new account's fields", () => {
  it("are a name box and two password boxes, with the ids the pages use", () => {
    render(<ConfirmSketch />);
    const name = screen.getByRole("textbox", { name: "Nome" });
    expect(name.id).toBe("confirm-name");
    expect(name.getAttribute("autocomplete")).toBe("name");
    expect(name.getAttribute("placeholder")).toBe("Seu nome completo");
    const password = screen.getByLabelText("Senha") as HTMLInputElement;
    expect([password.id, password.type, password.autocomplete]).toEqual([
      "confirm-password",
      "password",
      "new-password",
    ]);
    expect(password.getAttribute("aria-describedby")).toBe("confirm-password-hint");
    expect((screen.getByLabelText("Confirmar senha") as HTMLInputElement).id).toBe(
      "confirm-confirm-password",
    );
    expect(screen.getByText(hint)).toBeTruthy();
  });

  it("show the rule's message under each field, the password's in place of its hint", async () => {
    const user = userEvent.setup();
    render(<ConfirmSketch />);
    await user.type(screen.getByRole("textbox", { name: "Nome" }), "Ana Souza");
    await user.type(screen.getByLabelText("Senha"), "curta");
    await user.type(screen.getByLabelText("Confirmar senha"), "curta");
    await user.click(screen.getByRole("button", { name: "Confirmar email" }));

    const failure = checkPasswordChoice({ name: "Ana Souza", password: "curta", confirmPassword: "curta" });
    const message = failure!.fields.password!;
    const password = screen.getByLabelText("Senha");
    expect(await screen.findByText(message)).toBeTruthy();
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(password.getAttribute("aria-describedby")).toBe("confirm-password-error");
    expect(screen.queryByText(hint)).toBeNull();

    await user.type(password, " mais longa");
    await user.clear(screen.getByLabelText("Confirmar senha"));
    await user.type(screen.getByLabelText("Confirmar senha"), "curta mais longa");
    expect(await screen.findByText(hint)).toBeTruthy();
    expect(screen.queryByText(message)).toBeNull();
  });
});
