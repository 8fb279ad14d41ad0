import { Fingerprint, Loader2, LogIn, LogOut, ShieldAlert } from "lucide-react";
import { useState } from "react";
import type { User } from "@/domain/auth/auth.schema";
import { secondFactorMessages } from "@/domain/auth/second-factor-rules";
import { Logo } from "@/web/components/logo";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { signInWithPasskey } from "@/web/lib/passkey-sign-in";
import { useSecondFactor } from "../api/second-factor";
import { AddPasskeyButton } from "./passkeys-panel";
import { TotpEnrolment } from "./totp-enrolment";

/**
 * What a person who must have a second factor and has none sees right after signing in, and
 * nothing else until they have one (docs/decisions/055): the server refuses them every other
 * call meanwhile. `onDone` once enrolled and the recovery codes were seen.
 */
export function SecondFactorRequired(props: {
  user: User;
  /**
   * `passkey`: their factor is a passkey and this session began without it (docs/decisions/056);
   * `code`: they have the app and this session began without its code (docs/decisions/055).
   */
  mode: "enrol" | "passkey" | "code";
  onDone: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  const notice = {
    passkey: secondFactorMessages.passkeyRequired,
    code: secondFactorMessages.signInAgain,
    enrol: secondFactorMessages.required,
  }[props.mode];
  return (
    <main className="bg-auth flex min-h-svh flex-col items-center px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex w-full max-w-2xl flex-col gap-6">
        <div className="flex items-center justify-between gap-4">
          <Logo markClassName="size-8" />
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={props.onLogout}
            disabled={props.loggingOut}
          >
            {props.loggingOut ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <LogOut aria-hidden="true" />
            )}
            Sair
          </Button>
        </div>
        <Card className="gap-0 overflow-hidden py-0" role="region" aria-labelledby="segundo-fator-titulo">
          <div className="flex items-start gap-4 border-b px-5 py-5 sm:px-8">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-amber-100 text-amber-700">
              <ShieldAlert className="size-5" aria-hidden="true" />
            </span>
            <div className="flex min-w-0 flex-col gap-1">
              <h1 id="segundo-fator-titulo" className="text-lg font-semibold tracking-tight sm:text-xl">
                {notice.title}
              </h1>
              <p className="text-sm text-muted-foreground">
                {`Olá${props.user.name ? `, ${props.user.name}` : ""}! ${notice.description}`}
              </p>
            </div>
          </div>
          {props.mode === "passkey" && <PasskeySignIn onDone={props.onDone} />}
          {props.mode === "code" && <SignInAgain onLogout={props.onLogout} loggingOut={props.loggingOut} />}
          {props.mode === "enrol" && <Enrol onDone={props.onDone} />}
        </Card>
      </div>
    </main>
  );
}

function Enrol({ onDone }: { onDone: () => void }) {
  const status = useSecondFactor();
  return (
    <>
      {status.data ? (
        <TotpEnrolment hasPassword={status.data.hasPassword} onDone={onDone} />
      ) : (
        <Loader2 className="mx-auto my-10 size-6 animate-spin text-muted-foreground" aria-hidden="true" />
      )}
      <div className="flex flex-col gap-3 border-t px-5 py-5 sm:flex-row sm:items-center sm:justify-between sm:px-8">
        <p className="text-sm text-muted-foreground">
          Ou use uma chave de acesso: a impressão digital, o rosto ou o PIN deste dispositivo.
        </p>
        <AddPasskeyButton label="Usar uma chave de acesso" onAdded={onDone} />
      </div>
    </>
  );
}

/** Signing out is the way to the sign-in that asks the app's code after the password or link. */
function SignInAgain(props: { onLogout: () => void; loggingOut: boolean }) {
  return (
    <div className="flex flex-col gap-4 px-5 py-6 sm:px-8">
      <Button
        type="button"
        className="w-full sm:w-auto sm:self-start"
        onClick={props.onLogout}
        disabled={props.loggingOut}
      >
        {props.loggingOut ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <LogIn aria-hidden="true" />
        )}
        Entrar novamente
      </Button>
    </div>
  );
}

/** The passkey's way in again: a new session, begun with it, replaces this one. */
function PasskeySignIn({ onDone }: { onDone: () => void }) {
  const [pending, setPending] = useState(false);
  const onClick = () => {
    setPending(true);
    signInWithPasskey().then((signedIn) => (signedIn ? onDone() : setPending(false)));
  };
  return (
    <div className="flex flex-col gap-4 px-5 py-6 sm:px-8">
      <p className="text-sm text-muted-foreground">
        Use a impressão digital, o rosto ou o PIN do aparelho em que cadastrou a chave.
      </p>
      <Button type="button" className="w-full sm:w-auto sm:self-start" onClick={onClick} disabled={pending}>
        {pending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Fingerprint aria-hidden="true" />
        )}
        Entrar com chave de acesso
      </Button>
    </div>
  );
}
