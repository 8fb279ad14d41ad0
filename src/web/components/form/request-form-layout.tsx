import { ClipboardList, Loader2, type LucideIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { Progress } from "@/web/components/ui/progress";
import { paths } from "@/web/config/paths";
import { uploadPercent, useUploadProgress } from "@/web/lib/upload/upload-progress";

/** The frame of every request page: one card, its heading (the page's h1), the form and its footer. */
export function RequestFormCard({
  title,
  description,
  icon: Icon,
  badge,
  children,
}: {
  title: string;
  description: React.ReactNode;
  icon: LucideIcon;
  badge?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <Card className="gap-0 overflow-hidden py-0">
        <div className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-4 gap-y-3 border-b px-5 py-5 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:px-8 sm:py-6">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-primary">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div className="flex min-w-0 flex-col gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-lg font-semibold tracking-tight text-balance sm:text-2xl">{title}</h1>
              {badge ? <Badge variant="brand">{badge}</Badge> : null}
            </div>
            <p className="text-sm text-muted-foreground">{description}</p>
          </div>
          <Button
            asChild
            variant="ghost"
            size="sm"
            className="col-start-2 -ml-3 justify-self-start text-muted-foreground sm:col-start-3 sm:row-start-1 sm:-mr-2 sm:ml-0"
          >
            <Link to={paths.app.solicitacoes.getHref()}>
              <ClipboardList aria-hidden="true" />
              Minhas solicitações
            </Link>
          </Button>
        </div>
        {children}
      </Card>
    </div>
  );
}

/** The form's body: two columns from sm up; fields span both with `sm:col-span-2`. */
export function RequestFormFields({ children }: { children: React.ReactNode }) {
  return <div className="grid gap-x-5 gap-y-6 px-5 py-6 sm:grid-cols-2 sm:px-8 sm:py-7">{children}</div>;
}

/** How much of the form's files has gone up, while they go (lib/upload/xhr-post.ts reports it). */
function UploadProgressBar({ busy }: { busy: boolean }) {
  const percent = uploadPercent(useUploadProgress());
  if (!busy || percent === null) return null;
  return (
    <div className="grid gap-1.5 sm:w-48">
      <p className="text-xs text-muted-foreground" aria-hidden="true">
        Enviando arquivos… {percent}%
      </p>
      <Progress value={percent} aria-label="Envio dos arquivos" aria-valuetext={`${percent}%`} />
    </div>
  );
}

/**
 * The form's footer: the required-field note and the submit button ('Enviando...' while busy, spec §4),
 * with the files' upload progress beside it while they go up.
 */
export function RequestFormFooter({
  busy,
  label = "Enviar solicitação",
  busyLabel = "Enviando...",
}: {
  busy: boolean;
  label?: string;
  busyLabel?: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t bg-muted/40 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-8">
      <p className="text-xs text-muted-foreground">
        Campos com <span className="text-destructive">*</span> são obrigatórios.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <UploadProgressBar busy={busy} />
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {busy ? busyLabel : label}
        </Button>
      </div>
    </div>
  );
}

/** Spec §2 /bolsa-capacitacao: shown until the signed-in user is known. */
export function RequestFormLoading({ text }: { text: string }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl items-center justify-center gap-3 rounded-xl border bg-card px-6 py-16 text-sm text-muted-foreground shadow-sm">
      <Loader2 className="size-5 animate-spin text-primary" aria-hidden="true" />
      <span role="status">{text}</span>
    </div>
  );
}
