import { zodResolver } from "@hookform/resolvers/zod";
import { ShieldCheck, Smartphone } from "lucide-react";
import { useState } from "react";
import type { Resolver, UseFormReturn } from "react-hook-form";
import {
  disableTotpFormSchema,
  passwordConfirmationFormSchema,
  type SecondFactorStatus,
} from "@/domain/auth/second-factor";
import { secondFactorMessages } from "@/domain/auth/second-factor-rules";
import { FormFields } from "@/web/components/form/form-fields";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { useServerForm } from "@/web/lib/use-server-form";
import { useDisableTotp, useRenewRecoveryCodes, useSecondFactor } from "../api/second-factor";
import { AccountSection } from "./account-section";
import { PasskeysPanel } from "./passkeys-panel";
import { RecoveryCodesPanel } from "./recovery-codes";
import {
  codeField,
  failedNotice,
  type Proof,
  passwordField,
  StepActions,
  TotpEnrolment,
} from "./totp-enrolment";

type Mode = "idle" | "enrol" | "disable" | "renew";

/**
 * 'Verificação em duas etapas' on 'Minha conta' (docs/decisions/054): the authenticator app
 * switched on, off, and its recovery codes renewed; passkeys below it (docs/decisions/056).
 */
export function TwoFactorSection() {
  const status = useSecondFactor();
  const [mode, setMode] = useState<Mode>("idle");
  const [codes, setCodes] = useState<string[] | null>(null);
  if (!status.data) return null;
  const data = status.data;
  const idle = () => setMode("idle");
  return (
    <AccountSection
      id="conta-segundo-fator"
      icon={ShieldCheck}
      title="Verificação em duas etapas"
      description={
        data.required
          ? "Obrigatória para a sua função ou equipe: o login pede um segundo fator além da senha ou do link."
          : "Um segundo fator além da senha ou do link: o código de um aplicativo ou uma chave de acesso."
      }
    >
      {codes ? (
        <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />
      ) : mode === "enrol" ? (
        <TotpEnrolment hasPassword={data.hasPassword} onCancel={idle} onDone={idle} />
      ) : mode === "disable" ? (
        <DisableForm hasPassword={data.hasPassword} onCancel={idle} onDone={idle} />
      ) : mode === "renew" ? (
        <RenewForm
          hasPassword={data.hasPassword}
          onCancel={idle}
          onRenewed={(fresh) => {
            setMode("idle");
            setCodes(fresh);
          }}
        />
      ) : (
        <TotpSummary data={data} onMode={setMode} />
      )}
      <PasskeysPanel passkeys={data.passkeys} />
    </AccountSection>
  );
}

function TotpSummary({ data, onMode }: { data: SecondFactorStatus; onMode: (mode: Mode) => void }) {
  return (
    <div className="flex flex-col gap-4 px-5 py-5 sm:flex-row sm:items-center sm:justify-between sm:px-8">
      <div className="flex min-w-0 items-start gap-3">
        <Smartphone className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            Aplicativo autenticador
            <Badge variant={data.totp ? "default" : "secondary"}>
              {data.totp ? "Ativado" : "Desativado"}
            </Badge>
          </p>
          <p className="text-sm text-muted-foreground" data-testid="recovery-codes-left">
            {data.totp
              ? `${data.recoveryCodesLeft} de 10 códigos de recuperação disponíveis.`
              : "Códigos de 6 dígitos no celular, com 10 códigos de recuperação."}
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        {data.totp ? (
          <>
            <Button type="button" variant="outline" onClick={() => onMode("renew")}>
              Gerar novos códigos
            </Button>
            <Button type="button" variant="outline" onClick={() => onMode("disable")}>
              Desativar
            </Button>
          </>
        ) : (
          <Button type="button" onClick={() => onMode("enrol")}>
            Ativar
          </Button>
        )}
      </div>
    </div>
  );
}

/** The password, or for an account without one a current code from the app (the server asks the same). */
function ProofField({
  form,
  hasPassword,
}: {
  form: UseFormReturn<Proof, unknown, Proof>;
  hasPassword: boolean;
}) {
  const field = hasPassword ? passwordField("segundo-fator-password") : codeField("segundo-fator-code");
  return (
    <div className="sm:max-w-sm">
      <FormFields form={form as never} fields={[field]} idPrefix="segundo-fator" />
    </div>
  );
}

/** Both forms hold both fields; their schema checks the one the account proves itself with. */
const asProof = (resolver: unknown) => resolver as Resolver<Proof, unknown, Proof>;

function DisableForm(props: { hasPassword: boolean; onCancel: () => void; onDone: () => void }) {
  const disable = useDisableTotp();
  const { form, onSubmit, busy } = useServerForm({
    resolver: asProof(zodResolver(disableTotpFormSchema(props.hasPassword))),
    defaults: { password: "", code: "" },
    serverFields: [props.hasPassword ? "password" : "code"],
    send: (values) => disable.mutateAsync(values),
    isPending: disable.isPending,
    errorNotice: failedNotice,
    successNotice: () => secondFactorMessages.disabled,
    onSuccess: props.onDone,
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy} aria-label="Desativar aplicativo autenticador">
      <div className="flex flex-col gap-4 px-5 py-6 sm:px-8">
        <p className="text-sm text-muted-foreground">
          Sem o aplicativo, o login volta a pedir só a senha ou o link. Os códigos de recuperação deixam de
          valer.
        </p>
        <ProofField form={form} hasPassword={props.hasPassword} />
      </div>
      <StepActions
        busy={busy}
        label="Desativar"
        busyLabel="Desativando..."
        onCancel={props.onCancel}
        destructive
      />
    </form>
  );
}

function RenewForm(props: {
  hasPassword: boolean;
  onCancel: () => void;
  onRenewed: (codes: string[]) => void;
}) {
  const renew = useRenewRecoveryCodes();
  const { form, onSubmit, busy } = useServerForm({
    resolver: asProof(zodResolver(passwordConfirmationFormSchema(props.hasPassword))),
    defaults: { password: "", code: "" },
    serverFields: ["password"],
    send: (values) => renew.mutateAsync({ password: values.password }),
    isPending: renew.isPending,
    errorNotice: failedNotice,
    successNotice: () => secondFactorMessages.codesRenewed,
    onSuccess: ({ recoveryCodes }) => props.onRenewed(recoveryCodes),
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy} aria-label="Gerar novos códigos de recuperação">
      <div className="flex flex-col gap-4 px-5 py-6 sm:px-8">
        <p className="text-sm text-muted-foreground">
          Dez códigos novos substituem os atuais, que deixam de valer.
        </p>
        {props.hasPassword ? <ProofField form={form} hasPassword /> : null}
      </div>
      <StepActions busy={busy} label="Gerar códigos" busyLabel="Gerando..." onCancel={props.onCancel} />
    </form>
  );
}
