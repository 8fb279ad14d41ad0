import type { LucideIcon } from "lucide-react";
import { AlertCircle, Loader2, RotateCw } from "lucide-react";
import { Button } from "@/web/components/ui/button";

/** A list's loading, failed and empty states, the same on every list page. */
export function ListLoading({ text }: { text: string }) {
  return (
    <div className="flex items-center justify-center gap-3 rounded-xl border bg-card px-6 py-16 text-sm text-muted-foreground shadow-xs">
      <Loader2 className="size-5 animate-spin text-primary" aria-hidden="true" />
      <span role="status">{text}</span>
    </div>
  );
}

export function ListError(props: {
  title: string;
  description?: string;
  onRetry: () => void;
  retrying: boolean;
  /** False where a toast already announces the failure. */
  announce?: boolean;
}) {
  const { title, description, onRetry, retrying, announce = true } = props;
  return (
    <div
      role={announce ? "alert" : undefined}
      className="flex flex-col items-center gap-3 rounded-xl border bg-card px-6 py-14 text-center shadow-xs"
    >
      <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
      {description ? (
        <div className="flex flex-col gap-1">
          <p className="font-medium">{title}</p>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
      ) : (
        <p className="font-medium">{title}</p>
      )}
      <Button type="button" variant="outline" onClick={onRetry} disabled={retrying}>
        <RotateCw className={retrying ? "animate-spin" : undefined} aria-hidden="true" />
        Tentar novamente
      </Button>
    </div>
  );
}

export function ListEmpty({ icon: Icon, title, hint }: { icon: LucideIcon; title: string; hint: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-14 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-soft text-primary">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <p className="font-medium">{title}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{hint}</p>
    </div>
  );
}
