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
const NAME_PLACEHOLDER = "Seu nome completo";
const PASSWORD_HINT = `Mínimo de ${MIN_PASSWORD_LENGTH} caracteres`;

type NewAccount = { name: string; password: string; confirmPassword: string };

/** 'Nome' of a new account: `{prefix}-name`. */
export const NAME_FIELD: FieldSpec<NewAccount> = {
  type: "text",
  name: "name",
  label: "Nome",
  input: "name",
  placeholder: NAME_PLACEHOLDER,
};

/** 'Senha' and 'Confirmar senha' of a new account: `{prefix}-password`, `{prefix}-confirm-password`. */
export const NEW_PASSWORD_FIELDS: readonly FieldSpec<NewAccount>[] = [
  {
    type: "text",
    name: "password",
    label: "Senha",
    hint: PASSWORD_HINT,
    errorReplacesHint: true,
    attrs: NEW_PASSWORD,
  },
  { type: "text", name: "confirmPassword", label: "Confirmar senha", attrs: NEW_PASSWORD },
];

/**
 * A new account's fields as the form kit draws them, declared once for the
 * sign-up page (with the e-mail between them) and the confirmation opened in
 * another browser.
 */
export const NEW_ACCOUNT_FIELDS: readonly FieldSpec<NewAccount>[] = [NAME_FIELD, ...NEW_PASSWORD_FIELDS];

/*
 * The sign-up page draws the same fields without the kit's FormFields: /register
 * is a first page (decision 021), and FormFields brings every control of the kit
 * (calendar, select, files) into its download. Same labels, ids, hint and texts.
 */

/** 'Nome' of a new account on the sign-up page. */
export function NameItem({ id, input, error }: { id: string; input: UseFormRegisterReturn; error?: string }) {
  return (
    <FormItem id={id} label="Nome" error={error}>
      {(control) => <Input {...control} autoComplete="name" placeholder={NAME_PLACEHOLDER} {...input} />}
    </FormItem>
  );
}

/** 'Senha' and 'Confirmar senha' on the sign-up page: `{prefix}-password`, `{prefix}-confirm-password`. */
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
        hint={PASSWORD_HINT}
        errorReplacesHint
        error={errors.password}
      >
        {(control) => <Input {...control} {...NEW_PASSWORD} {...password} />}
      </FormItem>
      <FormItem id={`${idPrefix}-confirm-password`} label="Confirmar senha" error={errors.confirmPassword}>
        {(control) => <Input {...control} {...NEW_PASSWORD} {...confirmPassword} />}
      </FormItem>
    </>
  );
}
