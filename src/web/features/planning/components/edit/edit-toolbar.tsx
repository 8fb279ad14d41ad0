import { Loader2, PencilLine, Save, X } from "lucide-react";
import { Button } from "@/web/components/ui/button";

/**
 * Edit mode's actions ('Cancelar', and 'Salvar' in place of 'Editar'), kept in
 * view under the top bar while a long plan scrolls.
 */
export function EditToolbar({
  busy,
  dirty,
  onCancel,
}: {
  busy: boolean;
  dirty: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="sticky top-(--header-height) z-10 -mx-4 flex items-center justify-between gap-3 border-y bg-card/95 px-4 py-2.5 shadow-xs backdrop-blur supports-[backdrop-filter]:bg-card/85 sm:mx-0 sm:rounded-xl sm:border sm:px-4">
      <p className="flex min-w-0 items-center gap-2 text-sm font-medium">
        <PencilLine className="size-4 shrink-0 text-primary" aria-hidden="true" />
        <span className="truncate">
          Modo de edição
          <span className="hidden font-normal text-muted-foreground sm:inline">
            {dirty ? " · alterações não salvas" : " · nenhuma alteração"}
          </span>
        </span>
      </p>
      <div className="flex shrink-0 gap-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          <X aria-hidden="true" className="hidden sm:block" />
          Cancelar
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
          {busy ? "Salvando..." : "Salvar"}
        </Button>
      </div>
    </div>
  );
}
