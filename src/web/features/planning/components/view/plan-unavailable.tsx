import { AlertCircle, Loader2, RotateCw, SearchX } from "lucide-react";
import { Link } from "react-router";
import { planMessages } from "@/domain/planning/messages";
import { Button } from "@/web/components/ui/button";
import { paths } from "@/web/config/paths";
import { BackButton } from "./back-button";

/** A plan that could not be shown: unknown (or another user's: the same 404), or a failed load. */
export function PlanUnavailable({
  reason,
  retrying,
  onRetry,
}: {
  reason: "not-found" | "error";
  retrying?: boolean;
  onRetry?: () => void;
}) {
  const notFound = reason === "not-found";
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <BackButton />
      <div
        role={notFound ? undefined : "alert"}
        className="flex flex-col items-center gap-4 rounded-xl border border-dashed bg-card px-6 py-14 text-center"
      >
        <span
          className={
            notFound
              ? "inline-flex size-12 items-center justify-center rounded-full bg-brand-soft text-primary"
              : "inline-flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive"
          }
        >
          {notFound ? (
            <SearchX className="size-6" aria-hidden="true" />
          ) : (
            <AlertCircle className="size-6" aria-hidden="true" />
          )}
        </span>
        <div className="flex flex-col gap-1">
          <h1 className="text-xl font-semibold tracking-tight">
            {notFound ? planMessages.notFound : planMessages.loadPlanFailed}
          </h1>
          <p className="text-sm text-muted-foreground">
            {notFound
              ? "Ele não existe ou pertence a outra pessoa."
              : "Verifique sua conexão e tente novamente."}
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          {notFound ? null : (
            <Button type="button" variant="outline" onClick={onRetry} disabled={retrying}>
              {retrying ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <RotateCw aria-hidden="true" />
              )}
              {planMessages.retry}
            </Button>
          )}
          <Button asChild variant={notFound ? "outline" : "ghost"}>
            <Link to={paths.app.planejamentoLista.getHref()}>Ver meus planejamentos</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
