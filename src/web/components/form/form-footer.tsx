import { Loader2 } from "lucide-react";
import { Button } from "@/web/components/ui/button";

/** The footer of a form in a panel (vaga, cliente): the required-field note, 'Cancelar' and the submit button. */
export function PanelFormFooter({
  busy,
  label,
  busyLabel = "Salvando...",
  onCancel,
}: {
  busy: boolean;
  label: string;
  busyLabel?: string;
  onCancel: () => void;
}) {
  return (
    <div className="mt-7 flex flex-col-reverse gap-3 border-t pt-5 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-xs text-muted-foreground">
        Campos com <span className="text-destructive">*</span> são obrigatórios.
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {busy ? busyLabel : label}
        </Button>
      </div>
    </div>
  );
}
