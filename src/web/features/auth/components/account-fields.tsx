import type { UseFormRegisterReturn } from "react-hook-form";
import { MIN_PASSWORD_LENGTH } from "@/domain/auth/login.rules";
import type { FieldSpec } from "@/web/components/form/form-fields";
import { FormItem } from "@/web/components/form/form-item";
import { Input } from "@/web/components/ui/input";

/** The e-mail box of the sign-in and sign-up pages: a phone's e-mail keyboard, no capitals, no spelling. */
export const EMAIL_INPUT = {
  type: "email",
  inputMode: "email",
  autoComplete: "email",
  autoCapitalize: "none",
  spellCheck: false,
} as const;

const NEW_PASSWORD = { type: "password", autoComplete: "new-password" } as const;

/**
 * 'Nome', 'Senha' and 'Confirmar senha' of a new account as the form kit draws
 * them (the confirmation opened in another browser): `{prefix}-name`,
 * `{prefix}-password`, `{prefix}-confirm-password`, as NameItem and NewPasswordItems draw them.
 */
export const NEW_ACCOUNT_FIELDS: readonly FieldSpec<{
  name: string;
  password: string;
  confirmPassword: string;
}>[] = [
  { type: "text", name: "name", label: "Nome", input: "name", placeholder: "Seu nome completo" },
  {
    type: "text",
    name: "password",
    label: "Senha",
    hint: `Mínimo de ${MIN_PASSWORD_LENGTH} caracteres`,
    errorReplacesHint: true,
    attrs: NEW_PASSWORD,
  },
  { type: "text", name: "confirmPassword", label: "Confirmar senha", attrs: NEW_PASSWORD },
];

/** 'Nome' of a new account (sign-up). */
export function NameItem({ id, input, error }: { id: string; input: UseFormRegisterReturn; error?: string }) {
  return (
    <FormItem id={id} label="Nome" error={error}>
      {(control) => <Input {...control} autoComplete="name" placeholder="Seu nome completo" {...input} />}
    </FormItem>
  );
}

/** 'Senha' and 'Confirmar senha' of a new account: `{prefix}-password`, `{prefix}-confirm-password`. */
export function NewPasswordItems({
  idPrefix,
  password,
  confirmPassword,
  errors,
}: {
  idPrefix: string;
  password: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { password?: string; confirmPassword?: string };
}) {
  return (
    <>
      <FormItem
        id={`${idPrefix}-password`}
        label="Senha"
        hint={`Mínimo de ${MIN_PASSWORD_LENGTH} caracteres`}
        errorReplacesHint
        error={errors.password}
      >
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...password} />}
      </FormItem>
      <FormItem id={`${idPrefix}-confirm-password`} label="Confirmar senha" error={errors.confirmPassword}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...confirmPassword} />}
      </FormItem>
    </>
  );
}
