import { Loader2, LogOut, Monitor, MonitorSmartphone, Smartphone, Tablet } from "lucide-react";
import type { AccountSession } from "@/domain/auth/security.schema";
import { accountMessages, passwordMessages } from "@/domain/messages";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { formatInstantDateTime } from "@/web/lib/format";
import { notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useSignOutEverywhere } from "../api/account";
import { useEndSession, useSessions } from "../api/security";
import { AccountSection } from "./account-section";

function DeviceIcon({ device }: { device: string }) {
  const Icon = device.includes("Celular") ? Smartphone : device.includes("Tablet") ? Tablet : Monitor;
  return <Icon className="size-5" aria-hidden="true" />;
}

function SessionRow({ session }: { session: AccountSession }) {
  const end = useEndSession();
  const onEnd = () =>
    end.mutate(session.id, {
      onSuccess: () =>
        notifySuccess(passwordMessages.sessionEnded.title, {
          description: passwordMessages.sessionEnded.description,
        }),
      onError: (error) => toastApiError(error, passwordMessages.sessionEndFailed),
    });
  const title = `${session.device} — ${session.browser}`;
  return (
    <li className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:gap-4 sm:px-8">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
          <DeviceIcon device={session.device} />
        </span>
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium">
            <span className="break-words">{title}</span>
            {session.current ? <Badge variant="brand">Este dispositivo</Badge> : null}
          </p>
          <p className="text-xs text-muted-foreground">
            {session.ip ? `IP ${session.ip} · ` : ""}Último uso em {formatInstantDateTime(session.lastUsedAt)}
          </p>
        </div>
      </div>
      {session.current ? null : (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-full shrink-0 sm:w-auto"
          onClick={onEnd}
          disabled={end.isPending}
          aria-label={`Encerrar a sessão ${title}`}
        >
          {end.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Encerrar
        </Button>
      )}
    </li>
  );
}

function SessionList() {
  const sessions = useSessions();
  if (sessions.isPending) {
    return (
      <div className="flex flex-col gap-3 px-5 py-5 sm:px-8" aria-busy="true">
        <span className="sr-only" role="status">
          Carregando...
        </span>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (!sessions.data) return null;
  return (
    <ul className="divide-y" aria-label="Sessões ativas">
      {sessions.data.sessions.map((session) => (
        <SessionRow key={session.id} session={session} />
      ))}
    </ul>
  );
}

/**
 * 'Sessões' (docs/decisions/051): where the person is signed in, 'Encerrar' on
 * each other session, and signing out of every one, this one included.
 */
export function SessionsSection({ onSignedOut }: { onSignedOut: () => void }) {
  const signOut = useSignOutEverywhere();
  const onSignOutEverywhere = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        notifySuccess(accountMessages.signedOutEverywhere.title, {
          description: accountMessages.signedOutEverywhere.description,
        });
        onSignedOut();
      },
      onError: (error) => toastApiError(error, accountMessages.signOutEverywhereFailed),
    });

  return (
    <AccountSection
      id="conta-sessoes"
      icon={MonitorSmartphone}
      title="Sessões"
      description="Os computadores e celulares em que sua conta está aberta. Encerre o que você não reconhecer."
    >
      <SessionList />
      <div className="flex flex-col gap-3 border-t bg-muted/40 px-5 py-5 sm:flex-row sm:items-center sm:justify-between sm:px-8">
        <p className="text-sm text-muted-foreground">
          Saia do Balcão em todos os aparelhos, inclusive neste. Depois é só entrar de novo.
        </p>
        <Button
          type="button"
          variant="outline"
          className="w-full shrink-0 border-destructive/30 text-destructive hover:bg-destructive/10 hover:text-destructive sm:w-auto"
          onClick={onSignOutEverywhere}
          disabled={signOut.isPending}
        >
          {signOut.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <LogOut aria-hidden="true" />
          )}
          Sair de todas as sessões
        </Button>
      </div>
    </AccountSection>
  );
}
