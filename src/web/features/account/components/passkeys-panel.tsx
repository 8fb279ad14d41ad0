import { Fingerprint, KeyRound, Loader2, Trash2 } from "lucide-react";
import type { Passkey } from "@/domain/auth/second-factor";
import { secondFactorMessages } from "@/domain/auth/second-factor-rules";
import { Button } from "@/web/components/ui/button";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifyError, notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useRegisterPasskey, useRemovePasskey } from "../api/second-factor";

const dateFormat = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeZone: "America/Sao_Paulo" });

/** The browser said no (cancelled, no authenticator): not the server's answer. */
function passkeyError(error: unknown) {
  if (error instanceof ApiRequestError) return toastApiError(error, secondFactorMessages.passkeyFailed);
  const m = secondFactorMessages.passkeyCancelled;
  notifyError(m.title, { description: m.description });
}

/** 'Adicionar chave de acesso': the browser's authenticator makes one for this site. */
export function AddPasskeyButton(props: {
  onAdded?: () => void;
  variant?: "default" | "outline";
  label?: string;
}) {
  const register = useRegisterPasskey();
  const add = () =>
    register.mutate(secondFactorMessages.passkeyDefaultName, {
      onSuccess: () => {
        notifySuccess(secondFactorMessages.passkeyAdded.title);
        props.onAdded?.();
      },
      onError: passkeyError,
    });
  return (
    <Button type="button" variant={props.variant ?? "outline"} onClick={add} disabled={register.isPending}>
      {register.isPending ? (
        <Loader2 className="animate-spin" aria-hidden="true" />
      ) : (
        <Fingerprint aria-hidden="true" />
      )}
      {props.label ?? "Adicionar chave de acesso"}
    </Button>
  );
}

/**
 * 'Chaves de acesso' (docs/decisions/056): passkeys sign in without a password and count as the
 * second factor; each can be removed (not the last factor of someone who must have one).
 */
export function PasskeysPanel({ passkeys }: { passkeys: Passkey[] }) {
  const remove = useRemovePasskey();
  return (
    <div className="flex flex-col gap-4 border-t px-5 py-5 sm:px-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <KeyRound className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="flex min-w-0 flex-col gap-1">
            <p className="text-sm font-medium">Chaves de acesso</p>
            <p className="text-sm text-muted-foreground">
              Entre com a impressão digital, o rosto ou o PIN do dispositivo, sem senha. Vale como segunda
              etapa.
            </p>
          </div>
        </div>
        <AddPasskeyButton />
      </div>
      {passkeys.length ? (
        <ul className="flex flex-col divide-y rounded-lg border" aria-label="Chaves de acesso cadastradas">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex items-center justify-between gap-3 px-4 py-3">
              <div className="flex min-w-0 flex-col">
                <span className="truncate text-sm font-medium">
                  {passkey.name || secondFactorMessages.passkeyDefaultName}
                </span>
                <span className="text-xs text-muted-foreground">
                  {passkey.createdAt
                    ? `Cadastrada em ${dateFormat.format(new Date(passkey.createdAt))}`
                    : "Cadastrada"}
                </span>
              </div>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={remove.isPending}
                aria-label={`Remover ${passkey.name || secondFactorMessages.passkeyDefaultName}`}
                onClick={() =>
                  remove.mutate(passkey.id, {
                    onSuccess: () => notifySuccess(secondFactorMessages.passkeyRemoved.title),
                    onError: (error) => toastApiError(error, secondFactorMessages.passkeyFailed),
                  })
                }
              >
                <Trash2 aria-hidden="true" />
                Remover
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
