import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Loader2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { LoginResult } from "@/domain/auth/auth.schema";
import {
  checkSecondFactorCode,
  type SecondStepMethod,
  secondFactorMessages,
} from "@/domain/auth/second-factor-rules";
import { FormItem } from "@/web/components/form/form-item";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { ApiRequestError, api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { meQueryKey } from "@/web/lib/get-me";
import { notifyError } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { AuthHeader } from "./auth-layout";

/** Answers after which this step is spent: the password or the link is asked again. */
const STEP_SPENT = new Set(["SECOND_STEP_EXPIRED", "TOO_MANY_ATTEMPTS"]);

/**
 * /login's second step (docs/decisions/054), after the password or the e-mailed link of an
 * account with an authenticator app: its 6-digit code, or one of the recovery codes. Loaded
 * only when asked for, outside /login's first download (docs/decisions/025).
 */
export default function SecondStepForm({ onSuccess, onBack }: { onSuccess: () => void; onBack: () => void }) {
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<SecondStepMethod>("totp");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const recovery = method === "recuperacao";

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = checkSecondFactorCode(code, method);
    if (problem) {
      setError(problem);
      return notifyError(secondFactorMessages.failed.title, { description: problem });
    }
    setBusy(true);
    try {
      await api.post<LoginResult>(apiPaths.secondFactor.secondStep, { code, method });
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      onSuccess();
    } catch (failure) {
      setBusy(false);
      setError(failure instanceof ApiRequestError ? failure.body.fields?.code : undefined);
      toastApiError(failure, secondFactorMessages.failed);
      if (failure instanceof ApiRequestError && STEP_SPENT.has(failure.code ?? "")) onBack();
    }
  };

  return (
    <>
      <AuthHeader
        title="Verificação em duas etapas"
        subtitle={
          recovery
            ? "Informe um dos códigos de recuperação que você guardou. Cada um vale uma vez."
            : "Abra o aplicativo autenticador e informe o código de 6 dígitos do Balcão."
        }
      />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5 px-6 pb-7 sm:px-8" aria-busy={busy}>
        <FormItem id="login-codigo" label={recovery ? "Código de recuperação" : "Código"} error={error}>
          {(control) => (
            <Input
              {...control}
              name="code"
              autoFocus
              inputMode={recovery ? "text" : "numeric"}
              autoComplete="one-time-code"
              placeholder={recovery ? "XXXXX-XXXXX" : "000000"}
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setError(undefined);
              }}
            />
          )}
        </FormItem>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {busy ? "Verificando..." : "Verificar"}
        </Button>
        <Button
          type="button"
          variant="outline"
          className="w-full"
          disabled={busy}
          onClick={() => {
            setMethod(recovery ? "totp" : "recuperacao");
            setCode("");
            setError(undefined);
          }}
        >
          {recovery ? "Usar o código do aplicativo" : "Usar um código de recuperação"}
        </Button>
        <Button type="button" variant="ghost" className="w-full" onClick={onBack} disabled={busy}>
          <ArrowLeft aria-hidden="true" />
          Voltar para o login
        </Button>
      </form>
    </>
  );
}
