import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import type { Resolver } from "react-hook-form";
import {
  type TotpEnrolment as Enrolment,
  type PasswordConfirmation,
  passwordConfirmationFormSchema,
  type TotpCodeInput,
  TotpCodeInputSchema,
} from "@/domain/auth/second-factor";
import { secondFactorMessages } from "@/domain/auth/second-factor-rules";
import { type FieldSpec, FormFields } from "@/web/components/form/form-fields";
import { Button } from "@/web/components/ui/button";
import { apiErrorNotice } from "@/web/lib/toast-api-error";
import { useServerForm } from "@/web/lib/use-server-form";
import { useConfirmTotp, useStartTotp } from "../api/second-factor";
import { RecoveryCodesPanel } from "./recovery-codes";

/** What the section's forms ask to prove it is the person: the password, or a code from the app. */
export type Proof = { password: string; code: string };

type TextField = Extract<FieldSpec<Proof>, { type: "text" }>;
const CODE_INPUT = { inputMode: "numeric", autoComplete: "one-time-code" } as const;

/** 'Sua senha', as every form of the section asks it. */
export const passwordField = (id: string): TextField => ({
  type: "text",
  name: "password",
  id,
  label: "Sua senha",
  attrs: { type: "password", autoComplete: "current-password" },
});

/** 'Código do aplicativo': the 6 digits the app shows now. */
export const codeField = (id: string): TextField => ({
  type: "text",
  name: "code",
  id,
  label: "Código do aplicativo",
  attrs: CODE_INPUT,
});

const PASSWORD_STEP_FIELDS = [passwordField("totp-senha")];
const SCAN_STEP_FIELDS = [
  { ...codeField("totp-codigo"), placeholder: "000000", attrs: { ...CODE_INPUT, maxLength: 7 } },
];

/** The toast of a refused change: the server's own words, else the section's. */
export const failedNotice = (error: unknown) => apiErrorNotice(error, secondFactorMessages.failed);

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
  const start = useStartTotp();
  const { form, onSubmit, busy } = useServerForm({
    resolver: zodResolver(passwordConfirmationFormSchema(props.hasPassword)) as unknown as Resolver<
      PasswordConfirmation,
      unknown,
      PasswordConfirmation
    >,
    defaults: { password: "" },
    serverFields: ["password"],
    send: (values) => start.mutateAsync(values),
    isPending: start.isPending,
    errorNotice: failedNotice,
    onSuccess: props.onStarted,
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy}
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
          <div className="sm:max-w-sm">
            <FormFields form={form as never} fields={PASSWORD_STEP_FIELDS} idPrefix="totp" />
          </div>
        ) : null}
      </div>
      <StepActions busy={busy} label="Continuar" busyLabel="Preparando..." onCancel={props.onCancel} />
    </form>
  );
}

function ScanStep(props: {
  enrolment: Enrolment;
  onCancel: (() => void) | undefined;
  onConfirmed: (codes: string[]) => void;
}) {
  const { enrolment } = props;
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

  const { form, onSubmit, busy } = useServerForm({
    resolver: zodResolver(TotpCodeInputSchema) as unknown as Resolver<TotpCodeInput, unknown, TotpCodeInput>,
    defaults: { code: "" },
    serverFields: ["code"],
    send: (values) => confirm.mutateAsync(values),
    isPending: confirm.isPending,
    errorNotice: failedNotice,
    successNotice: () => secondFactorMessages.enabled,
    onSuccess: ({ recoveryCodes }) => props.onConfirmed(recoveryCodes),
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy}
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
          <div className="sm:max-w-56">
            <FormFields form={form as never} fields={SCAN_STEP_FIELDS} idPrefix="totp" />
          </div>
        </div>
      </div>
      <StepActions busy={busy} label="Ativar" busyLabel="Ativando..." onCancel={props.onCancel} />
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
