import { Loader2 } from "lucide-react";
import QRCode from "qrcode";
import { type FormEvent, useEffect, useState } from "react";
import type { TotpEnrolment as Enrolment } from "@/domain/auth/second-factor";
import { checkSecondFactorCode, secondFactorMessages } from "@/domain/auth/second-factor-rules";
import { FormItem } from "@/web/components/form/form-item";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useConfirmTotp, useStartTotp } from "../api/second-factor";
import { RecoveryCodesPanel } from "./recovery-codes";

/** The field an answer names, so its message shows under it as well as in the toast. */
export const fieldOf = (error: unknown, field: string) =>
  error instanceof ApiRequestError ? error.body.fields?.[field] : undefined;

/**
 * Switching the authenticator app on (docs/decisions/054): the password (when the account has
 * one), then the QR code with its secret as text and the first code, then the ten recovery
 * codes, once.
 */
export function TotpEnrolment(props: { hasPassword: boolean; onCancel?: () => void; onDone: () => void }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) return <RecoveryCodesPanel codes={codes} onDone={props.onDone} />;
  if (enrolment) return <ScanStep enrolment={enrolment} onCancel={props.onCancel} onConfirmed={setCodes} />;
  return <PasswordStep hasPassword={props.hasPassword} onCancel={props.onCancel} onStarted={setEnrolment} />;
}

function PasswordStep(props: {
  hasPassword: boolean;
  onCancel: (() => void) | undefined;
  onStarted: (enrolment: Enrolment) => void;
}) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const start = useStartTotp();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (start.isPending) return;
    if (props.hasPassword && !password) return setError(secondFactorMessages.passwordRequired);
    start.mutate(
      { password },
      {
        onSuccess: props.onStarted,
        onError: (failure) => {
          setError(fieldOf(failure, "password"));
          toastApiError(failure, secondFactorMessages.failed);
        },
      },
    );
  };
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Ativar aplicativo autenticador"
      className="flex flex-col"
    >
      <div className="flex flex-col gap-5 px-5 py-6 sm:px-8">
        <p className="text-sm text-muted-foreground">
          Use um aplicativo autenticador no celular (Google Authenticator, Microsoft Authenticator,
          1Password…). Depois de ativar, o login pede o código de 6 dígitos do aplicativo além da senha ou do
          link.
        </p>
        {props.hasPassword ? (
          <FormItem id="totp-senha" label="Sua senha" error={error} className="sm:max-w-sm">
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setError(undefined);
                }}
              />
            )}
          </FormItem>
        ) : null}
      </div>
      <StepActions
        busy={start.isPending}
        label="Continuar"
        busyLabel="Preparando..."
        onCancel={props.onCancel}
      />
    </form>
  );
}

function ScanStep(props: {
  enrolment: Enrolment;
  onCancel: (() => void) | undefined;
  onConfirmed: (codes: string[]) => void;
}) {
  const { enrolment } = props;
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [qr, setQr] = useState<string | null>(null);
  const confirm = useConfirmTotp();
  useEffect(() => {
    let live = true;
    QRCode.toString(enrolment.totpUri, { type: "svg", margin: 1, errorCorrectionLevel: "M" }).then(
      (svg) => live && setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [enrolment.totpUri]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (confirm.isPending) return;
    const problem = checkSecondFactorCode(code, "totp");
    if (problem) return setError(problem);
    confirm.mutate(
      { code },
      {
        onSuccess: ({ recoveryCodes }) => {
          notifySuccess(secondFactorMessages.enabled.title, {
            description: secondFactorMessages.enabled.description,
          });
          props.onConfirmed(recoveryCodes);
        },
        onError: (failure) => {
          setError(fieldOf(failure, "code"));
          toastApiError(failure, secondFactorMessages.failed);
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Confirmar aplicativo autenticador"
      className="flex flex-col"
    >
      <div className="grid gap-6 px-5 py-6 sm:grid-cols-[auto_1fr] sm:px-8">
        <div className="mx-auto flex size-48 items-center justify-center rounded-lg border bg-white p-2 sm:mx-0">
          {qr ? (
            <img src={qr} alt="QR code para o aplicativo autenticador" className="size-full" />
          ) : (
            <Loader2 className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <ol className="list-decimal space-y-1.5 pl-5 text-sm text-muted-foreground">
            <li>No aplicativo, adicione uma conta lendo o QR code.</li>
            <li>Sem câmera? Digite a chave abaixo no aplicativo.</li>
            <li>Informe o código de 6 dígitos que o aplicativo mostra.</li>
          </ol>
          <div className="flex flex-col gap-1">
            <span className="text-xs font-medium text-muted-foreground">Chave</span>
            <code
              className="rounded-md border bg-muted/50 px-3 py-2 font-mono text-sm tracking-wider break-all select-all"
              data-testid="totp-secret"
            >
              {enrolment.secret.replace(/(.{4})/g, "$1 ").trim()}
            </code>
          </div>
          <FormItem id="totp-codigo" label="Código do aplicativo" error={error} className="sm:max-w-56">
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                placeholder="000000"
                value={code}
                onChange={(event) => {
                  setCode(event.target.value);
                  setError(undefined);
                }}
              />
            )}
          </FormItem>
        </div>
      </div>
      <StepActions
        busy={confirm.isPending}
        label="Ativar"
        busyLabel="Ativando..."
        onCancel={props.onCancel}
      />
    </form>
  );
}

export function StepActions(props: {
  busy: boolean;
  label: string;
  busyLabel: string;
  onCancel: (() => void) | undefined;
  destructive?: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t bg-muted/40 px-5 py-4 sm:flex-row sm:justify-end sm:px-8">
      {props.onCancel ? (
        <Button type="button" variant="ghost" onClick={props.onCancel} disabled={props.busy}>
          Cancelar
        </Button>
      ) : null}
      <Button type="submit" disabled={props.busy} variant={props.destructive ? "destructive" : "default"}>
        {props.busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {props.busy ? props.busyLabel : props.label}
      </Button>
    </div>
  );
}
