import { ShieldCheck, Smartphone } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { SecondFactorStatus } from "@/domain/auth/second-factor";
import { checkSecondFactorCode, secondFactorMessages } from "@/domain/auth/second-factor-rules";
import { FormItem } from "@/web/components/form/form-item";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useDisableTotp, useRenewRecoveryCodes, useSecondFactor } from "../api/second-factor";
import { AccountSection } from "./account-section";
import { PasskeysPanel } from "./passkeys-panel";
import { RecoveryCodesPanel } from "./recovery-codes";
import { fieldOf, StepActions, TotpEnrolment } from "./totp-enrolment";

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

/** The password, or for an account without one a current code from the app. */
function useProof(hasPassword: boolean) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string>();
  const field = hasPassword ? "password" : "code";
  const check = () => {
    const problem = hasPassword
      ? value
        ? null
        : secondFactorMessages.passwordRequired
      : checkSecondFactorCode(value, "totp");
    setError(problem ?? undefined);
    return problem === null;
  };
  const item = (
    <FormItem
      id={`segundo-fator-${field}`}
      label={hasPassword ? "Sua senha" : "Código do aplicativo"}
      error={error}
      className="sm:max-w-sm"
    >
      {(control) => (
        <Input
          {...control}
          type={hasPassword ? "password" : "text"}
          inputMode={hasPassword ? undefined : "numeric"}
          autoComplete={hasPassword ? "current-password" : "one-time-code"}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
        />
      )}
    </FormItem>
  );
  const body = hasPassword ? { password: value, code: "" } : { password: "", code: value };
  return { item, check, body, onError: (failure: unknown) => setError(fieldOf(failure, field)) };
}

function DisableForm(props: { hasPassword: boolean; onCancel: () => void; onDone: () => void }) {
  const proof = useProof(props.hasPassword);
  const disable = useDisableTotp();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (disable.isPending || !proof.check()) return;
    disable.mutate(proof.body, {
      onSuccess: () => {
        notifySuccess(secondFactorMessages.disabled.title);
        props.onDone();
      },
      onError: (failure) => {
        proof.onError(failure);
        toastApiError(failure, secondFactorMessages.failed);
      },
    });
  };
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Desativar aplicativo autenticador">
      <div className="flex flex-col gap-4 px-5 py-6 sm:px-8">
        <p className="text-sm text-muted-foreground">
          Sem o aplicativo, o login volta a pedir só a senha ou o link. Os códigos de recuperação deixam de
          valer.
        </p>
        {proof.item}
      </div>
      <StepActions
        busy={disable.isPending}
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
  const proof = useProof(props.hasPassword);
  const renew = useRenewRecoveryCodes();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (renew.isPending || (props.hasPassword && !proof.check())) return;
    renew.mutate(
      { password: proof.body.password },
      {
        onSuccess: ({ recoveryCodes }) => {
          notifySuccess(secondFactorMessages.codesRenewed.title, {
            description: secondFactorMessages.codesRenewed.description,
          });
          props.onRenewed(recoveryCodes);
        },
        onError: (failure) => {
          proof.onError(failure);
          toastApiError(failure, secondFactorMessages.failed);
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Gerar novos códigos de recuperação">
      <div className="flex flex-col gap-4 px-5 py-6 sm:px-8">
        <p className="text-sm text-muted-foreground">
          Dez códigos novos substituem os atuais, que deixam de valer.
        </p>
        {props.hasPassword ? proof.item : null}
      </div>
      <StepActions
        busy={renew.isPending}
        label="Gerar códigos"
        busyLabel="Gerando..."
        onCancel={props.onCancel}
      />
    </form>
  );
}
