import { jobOpeningToasts } from "@/domain/job-openings/job-opening.schema";
import { ConfirmDialog } from "@/web/components/confirm-dialog";

/** Spec §2 /vagas: deleting asks 'Tem certeza que deseja excluir esta vaga?' first. */
export function ConfirmDeleteDialog({
  open,
  titulo,
  busy,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  titulo: string;
  busy: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title={jobOpeningToasts.confirmDelete}
      description={`A vaga “${titulo}” será removida da lista. Esta ação não pode ser desfeita.`}
      confirmLabel="Excluir"
      busy={busy}
      onOpenChange={onOpenChange}
      onConfirm={onConfirm}
    />
  );
}
