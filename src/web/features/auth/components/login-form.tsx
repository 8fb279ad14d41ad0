import { Fingerprint, KeyRound, Loader2, Mail } from "lucide-react";
import { type FormEvent, lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { checkLogin, type LoginFailure } from "@/domain/auth/login.rules";
import { authMessages } from "@/domain/messages";
import { FormItem } from "@/web/components/form/form-item";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { paths } from "@/web/config/paths";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifyError, notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useLogin } from "../api/login";
import { useMagicLink } from "../api/magic-link";
import { EMAIL_INPUT } from "./account-fields";
import { AuthHeader } from "./auth-layout";
import { SsoButtons } from "./sso-buttons";

/** /login's second step, downloaded only for an account with an authenticator app (docs/decisions/054). */
const SecondStepForm = lazy(() => import("./second-step-form"));
/** Shown only after a magic link is sent, or to an unconfirmed address: outside /login's first download. */
const MagicLinkSent = lazy(() => import("./magic-link-sent").then((m) => ({ default: m.MagicLinkSent })));
const ResendConfirmation = lazy(() => import("./resend-confirmation"));

type Mode = "password" | "magic-link";
type LoginField = "email" | "password";
type FieldErrors = Partial<Record<LoginField, string>>;

const LOGIN_ERRORS = {
  INVALID_CREDENTIALS: authMessages.invalidCredentials,
  EMAIL_NOT_VERIFIED: authMessages.emailNotConfirmed,
};
const MAGIC_LINK_ERRORS = {
  USER_NOT_FOUND: authMessages.userNotFound,
  EMAIL_NOT_VERIFIED: authMessages.emailNotConfirmed,
};

const isNotConfirmed = (error: unknown) =>
  error instanceof ApiRequestError && error.code === "EMAIL_NOT_VERIFIED";

type LoginFormProps = {
  defaultEmail?: string;
  /** A request's page to land on after signing in (the magic link carries it too). */
  returnTo?: string | null;
  /** The e-mailed link of an account with an authenticator app landed here: the code is asked. */
  secondStep?: boolean;
  onSuccess: () => void;
};

/**
 * Spec §2 /login, §5 Login, §8 Login. Rules are checked here first (the same
 * function the server uses); a broken rule shows its toast and marks the field.
 * The fields are the form kit's (FormItem); the values are plain state and the
 * rules checkLogin rather than react-hook-form with a zod schema: /login has the
 * tightest JavaScript budget (docs/decisions/025: 100 KB, about 3 KB left), and
 * those two libraries, which nothing else in its download needs, are about
 * 14 KB and 22 KB compressed.
 */
export function LoginForm(props: LoginFormProps) {
  const [secondStep, setSecondStep] = useState(props.secondStep ?? false);
  if (secondStep) {
    return (
      <Suspense fallback={<Loader2 className="m-10 mx-auto size-6 animate-spin text-muted-foreground" />}>
        <SecondStepForm onSuccess={props.onSuccess} onBack={() => setSecondStep(false)} />
      </Suspense>
    );
  }
  return <FirstStepForm {...props} onSecondStep={() => setSecondStep(true)} />;
}

function FirstStepForm({
  defaultEmail = "",
  returnTo = null,
  onSuccess,
  onSecondStep,
}: LoginFormProps & { onSecondStep: () => void }) {
  const [mode, setMode] = useState<Mode>("password");
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  /** The address that was answered 'Email não confirmado': it may ask for its link again. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const login = useLogin();
  const magicLink = useMagicLink();

  const busy = login.isPending || magicLink.isPending;
  const showResend = unconfirmed !== null && unconfirmed === email.trim();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const failure: LoginFailure | null = checkLogin({ email, password }, mode);
    if (failure) {
      setErrors(failure.fields);
      return showLoginFailure(form, failure);
    }
    const trimmedEmail = email.trim();

    if (mode === "password") {
      login.mutate(
        { email: trimmedEmail, password },
        {
          onSuccess: (result) => ("secondStep" in result ? onSecondStep() : onSuccess()),
          onError: (error) => {
            toastApiError(error, authMessages.loginFailed, LOGIN_ERRORS);
            if (isNotConfirmed(error)) setUnconfirmed(trimmedEmail);
          },
        },
      );
      return;
    }

    magicLink.mutate(returnTo ? { email: trimmedEmail, returnTo } : { email: trimmedEmail }, {
      onSuccess: () => {
        notifySuccess(authMessages.magicLinkSent.title, {
          description: authMessages.magicLinkSent.description,
        });
        setSentTo(trimmedEmail);
      },
      onError: (error) => {
        toastApiError(error, authMessages.magicLinkFailed, MAGIC_LINK_ERRORS);
        if (isNotConfirmed(error)) setUnconfirmed(trimmedEmail);
      },
    });
  };

  const toggleMode = () => {
    setErrors(({ password: _password, ...rest }) => rest);
    setMode((current) => (current === "password" ? "magic-link" : "password"));
  };

  const clearError = (field: LoginField) => {
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  return (
    <>
      <AuthHeader title="Login" subtitle="Entre com sua conta para acessar a plataforma" />
      <div className="px-6 pb-7 sm:px-8">
        {sentTo !== null ? (
          <LinkSent
            email={sentTo}
            onBack={() => {
              setSentTo(null);
              setMode("password");
            }}
          />
        ) : (
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={busy}>
            <EmailItem
              value={email}
              error={errors.email}
              onChange={(value) => {
                setEmail(value);
                clearError("email");
              }}
            />
            {mode === "password" ? (
              <PasswordItem
                value={password}
                email={email}
                error={errors.password}
                onChange={(value) => {
                  setPassword(value);
                  clearError("password");
                }}
              />
            ) : (
              <p className="rounded-md border border-primary/15 bg-brand-soft px-3 py-2.5 text-sm text-accent-foreground">
                Enviaremos um link de acesso para o seu email. É só clicar nele para entrar, sem senha.
              </p>
            )}

            <Button type="submit" size="lg" className="w-full" disabled={busy}>
              {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {submitLabel(mode, busy)}
            </Button>

            {showResend ? <Resend email={unconfirmed} /> : null}

            <OrDivider />

            <Button type="button" variant="outline" className="w-full" onClick={toggleMode} disabled={busy}>
              {mode === "password" ? <Mail aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
              {mode === "password" ? "Entrar com link mágico" : "Entrar com senha"}
            </Button>
            <PasskeyButton disabled={busy} onSuccess={onSuccess} />
            <SsoButtons returnTo={returnTo} divider={false} />
          </form>
        )}
      </div>
      <div className="rounded-b-xl border-t bg-muted/50 px-6 py-4 text-center text-sm text-muted-foreground">
        Não tem uma conta?{" "}
        <Link
          to={paths.auth.register.getHref()}
          className="font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
        >
          Cadastre-se
        </Link>
      </div>
    </>
  );
}

function LinkSent(props: { email: string; onBack: () => void }) {
  return (
    <Suspense fallback={<Loader2 className="mx-auto size-6 animate-spin text-muted-foreground" />}>
      <MagicLinkSent {...props} />
    </Suspense>
  );
}

function Resend({ email }: { email: string }) {
  return (
    <Suspense fallback={null}>
      <ResendConfirmation email={email} />
    </Suspense>
  );
}

function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
      <span className="h-px flex-1 bg-border" />
      ou
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}

/** 'Entrar com chave de acesso' (docs/decisions/056): its code is downloaded on the click. */
function PasskeyButton({ disabled, onSuccess }: { disabled: boolean; onSuccess: () => void }) {
  const [pending, setPending] = useState(false);
  const onClick = () => {
    setPending(true);
    import("@/web/lib/passkey-sign-in")
      .then((m) => m.signInWithPasskey())
      .then(
        (signedIn) => (signedIn ? onSuccess() : setPending(false)),
        () => setPending(false),
      );
  };
  return (
    <Button
      type="button"
      variant="outline"
      className="w-full"
      onClick={onClick}
      disabled={disabled || pending}
    >
      {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Fingerprint aria-hidden="true" />}
      Entrar com chave de acesso
    </Button>
  );
}

/** A broken rule's toast, and the focus on its first field. */
function showLoginFailure(form: HTMLFormElement, failure: LoginFailure) {
  notifyError(failure.title, { description: failure.description });
  const first = (["email", "password"] as const).find((field) => failure.fields[field]);
  if (first) form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
}

function submitLabel(mode: Mode, busy: boolean) {
  if (mode === "password") return busy ? "Entrando..." : "Entrar";
  return busy ? "Enviando..." : "Enviar link mágico";
}

/** 'Senha', and 'Esqueci minha senha' under it, taking the address typed (docs/decisions/050). */
function PasswordItem(props: {
  value: string;
  email: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { value, email, error, onChange } = props;
  return (
    <div className="flex flex-col gap-2">
      <FormItem id="login-password" label="Senha" error={error}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            name="password"
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
      </FormItem>
      <Link
        to={paths.auth.esqueciSenha.getHref()}
        state={{ email: email.trim() }}
        className="self-end text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
      >
        Esqueci minha senha
      </Link>
    </div>
  );
}

type ItemProps = { value: string; error: string | undefined; onChange: (value: string) => void };

function EmailItem({ value, error, onChange }: ItemProps) {
  return (
    <FormItem id="login-email" label="Email" error={error}>
      {(control) => (
        <Input
          {...control}
          {...EMAIL_INPUT}
          placeholder="voce@empresa.com.br"
          name="email"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormItem>
  );
}
