import { BellRing, CheckCircle2, Loader2, Smartphone } from "lucide-react";
import { useState } from "react";
import { pushMessages } from "@/domain/push/messages";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useDevices, useDisableThisDevice, useEnableThisDevice, useThisDevice } from "../api/push";

const FAILED = { title: pushMessages.failed, description: "Tente novamente em alguns instantes." };

/**
 * 'Notificações no aparelho' on 'Minha conta' (docs/decisions/061-web-push.md): the bell's
 * notifications on this phone or computer, even with Balcão closed. The browser asks its own
 * permission at the click; a refusal is explained, with how to undo it.
 */
export function PushSection() {
  return (
    <Card className="gap-0 overflow-hidden py-0" aria-labelledby="conta-push-title" role="region">
      <div className="flex items-start gap-4 border-b px-5 py-5 sm:px-8">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-primary">
          <Smartphone className="size-5" aria-hidden="true" />
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="conta-push-title" className="text-base font-semibold tracking-tight sm:text-lg">
            {pushMessages.section}
          </h2>
          <p className="text-sm text-muted-foreground">{pushMessages.sectionHint}</p>
        </div>
      </div>
      <div className="flex flex-col gap-3 px-5 py-5 sm:px-8">
        <ThisDevice />
      </div>
    </Card>
  );
}

function ThisDevice() {
  const device = useThisDevice();
  const devices = useDevices();
  const enable = useEnableThisDevice();
  const disable = useDisableThisDevice();
  const [refusal, setRefusal] = useState<"denied" | "dismissed" | "unsupported" | null>(null);

  if (device.isPending || devices.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        Carregando...
      </p>
    );
  if (devices.isError) return <p className="text-sm text-muted-foreground">{pushMessages.failed}</p>;

  const permission = device.data?.permission ?? "unsupported";
  const mine = devices.data.inscricoes.find((d) => d.endpoint === device.data?.endpoint);
  const others = devices.data.inscricoes.length - (mine ? 1 : 0);
  const shown = refusal ?? (permission === "unsupported" || permission === "denied" ? permission : null);

  const onEnable = () => {
    setRefusal(null);
    enable.mutate(undefined, {
      onSuccess: (outcome) => {
        if (outcome.kind === "subscribed") notifySuccess(pushMessages.enabledToast);
        else setRefusal(outcome.kind);
      },
      onError: (error) => toastApiError(error, FAILED),
    });
  };
  const onDisable = (id: string) =>
    disable.mutate(id, {
      onSuccess: () => notifySuccess(pushMessages.disabledToast),
      onError: (error) => toastApiError(error, FAILED),
    });

  return (
    <>
      {mine && permission === "granted" ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-2 text-sm font-medium" role="status">
            <CheckCircle2 className="size-4 shrink-0 text-primary" aria-hidden="true" />
            {pushMessages.enabled}
          </p>
          <Button variant="outline" onClick={() => onDisable(mine.id)} disabled={disable.isPending}>
            {disable.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
            {pushMessages.disable}
          </Button>
        </div>
      ) : shown === "unsupported" || shown === "denied" ? (
        <p className="text-sm text-muted-foreground" role="status">
          {shown === "denied" ? pushMessages.denied : pushMessages.unsupported}
        </p>
      ) : (
        <div className="flex flex-col gap-2">
          <Button className="self-start" onClick={onEnable} disabled={enable.isPending}>
            {enable.isPending ? (
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            ) : (
              <BellRing className="size-4" aria-hidden="true" />
            )}
            {pushMessages.enable}
          </Button>
          {shown === "dismissed" ? (
            <p className="text-sm text-muted-foreground" role="status">
              {pushMessages.dismissed}
            </p>
          ) : null}
        </div>
      )}
      {others > 0 ? (
        <p className="text-sm text-muted-foreground">{pushMessages.otherDevices(others)}</p>
      ) : null}
    </>
  );
}
