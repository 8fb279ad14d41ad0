import type { UseFormRegisterReturn } from "react-hook-form";
import { MIN_PASSWORD_LENGTH } from "@/domain/auth/login.rules";
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

/** 'Nome' of a new account (sign-up, and the confirmation opened in another browser). */
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
