import { useQueryClient } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { type UseFormSetError, useForm } from "react-hook-form";
import { Link } from "react-router";
import { checkRegistration, type RegisterField } from "@/domain/auth/auth.rules";
import { emailDomain } from "@/domain/auth/email-domain";
import { authMessages } from "@/domain/messages";
import { FormItem } from "@/web/components/form/form-item";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { paths } from "@/web/config/paths";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifyError, notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { configQueryOptions, useConfig } from "../api/get-config";
import { type RegisterBody, useRegister } from "../api/register";
import { EMAIL_INPUT, NameItem, NewPasswordItems } from "./account-fields";
import { AuthHeader } from "./auth-layout";
import { SsoButtons } from "./sso-buttons";

const REGISTER_FIELDS: readonly RegisterField[] = ["name", "email", "password", "confirmPassword"];
const REGISTER_ERRORS = { EMAIL_TAKEN: authMessages.emailTaken };

function isRegisterField(key: string): key is RegisterField {
  return (REGISTER_FIELDS as readonly string[]).includes(key);
}

/** Marks the fields an error names, focusing the first broken one in the form's order, not the object's. */
function markRegisterFields(
  setError: UseFormSetError<RegisterBody>,
  fields: Partial<Record<string, string>>,
) {
  const entries = Object.entries(fields).filter(
    (entry): entry is [RegisterField, string] => isRegisterField(entry[0]) && typeof entry[1] === "string",
  );
  entries.sort(([a], [b]) => REGISTER_FIELDS.indexOf(a) - REGISTER_FIELDS.indexOf(b));
  entries.forEach(([field, message], index) => {
    setError(field, { type: "manual", message }, { shouldFocus: index === 0 });
  });
}

/** "@a.digital ou @b.com.br" */
function domainList(domains: readonly string[]): string {
  const names = domains.map((domain) => `@${domain}`);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} ou ${names.at(-1)}`;
}

/** Spec §2 /register, §5 Registration (rules in the spec's order), §8 Registration. */
export function RegisterForm({
  defaultEmail = "",
  onSuccess,
}: {
  defaultEmail?: string;
  onSuccess: (email: string) => void;
}) {
  const queryClient = useQueryClient();
  const config = useConfig();
  const registration = useRegister();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<RegisterBody>({
    defaultValues: { name: "", email: defaultEmail, password: "", confirmPassword: "" },
  });

  const markFields = (fields: Partial<Record<string, string>>) => markRegisterFields(setError, fields);

  const onSubmit = handleSubmit(async (values) => {
    let domains = config.data?.allowedEmailDomains;
    if (!domains) {
      domains = await queryClient
        .fetchQuery(configQueryOptions)
        .then((c) => c.allowedEmailDomains)
        .catch(() => undefined);
    }
    // Without the server's list, the domain rule is left to the server (it checks every rule again).
    const failure = checkRegistration(values, domains ?? [emailDomain(values.email) ?? ""]);
    if (failure) {
      notifyError(failure.title, { description: failure.description });
      markFields(failure.fields);
      return;
    }

    const email = values.email.trim();
    registration.mutate(
      { ...values, name: values.name.trim(), email },
      {
        onSuccess: (result) => {
          const notice = result.requiresEmailVerification
            ? authMessages.registeredConfirm
            : authMessages.registered;
          notifySuccess(notice.title, { description: notice.description });
          onSuccess(email);
        },
        onError: (error) => {
          toastApiError(error, authMessages.registerFailed, REGISTER_ERRORS);
          if (!(error instanceof ApiRequestError)) return;
          if (error.body.fields) markFields(error.body.fields);
          else if (error.code === "EMAIL_TAKEN" || error.code === "DOMAIN_NOT_ALLOWED") {
            markFields({ email: error.body.description ?? error.body.message });
          }
        },
      },
    );
  });

  const clearOnChange = (field: RegisterField) => ({
    onChange: () => {
      if (errors[field]) clearErrors(field);
    },
  });

  const domains = config.data?.allowedEmailDomains ?? [];
  const busy = registration.isPending;

  return (
    <>
      <AuthHeader title="Cadastre-se" subtitle="Crie sua conta com o email da empresa" />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5 px-6 pb-7 sm:px-8" aria-busy={busy}>
        <NameItem
          id="register-name"
          input={register("name", clearOnChange("name"))}
          error={errors.name?.message}
        />
        <FormItem
          id="register-email"
          label="Email"
          hint={domains.length > 0 ? `Use seu email ${domainList(domains)}` : undefined}
          errorReplacesHint
          error={errors.email?.message}
        >
          {(control) => (
            <Input
              {...control}
              {...EMAIL_INPUT}
              placeholder={domains[0] ? `voce@${domains[0]}` : "voce@empresa.com.br"}
              {...register("email", clearOnChange("email"))}
            />
          )}
        </FormItem>
        <NewPasswordItems
          idPrefix="register"
          password={register("password", clearOnChange("password"))}
          confirmPassword={register("confirmPassword", clearOnChange("confirmPassword"))}
          errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
        />
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {busy ? "Enviando..." : "Cadastrar"}
        </Button>
        <SsoButtons />
      </form>
      <div className="rounded-b-xl border-t bg-muted/50 px-6 py-4 text-center text-sm">
        <Link
          to={paths.auth.login.getHref()}
          className="font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
        >
          Já tem uma conta? Faça login
        </Link>
      </div>
    </>
  );
}
