import { ConfirmDialog } from "@/web/components/confirm-dialog";

/** Removing a team asks first: its members stop seeing its queue at once. */
export function ConfirmRemoveDialog({
  teamName,
  busy,
  onOpenChange,
  onConfirm,
}: {
  teamName: string | null;
  busy: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={teamName !== null}
      title="Tem certeza que deseja remover esta equipe?"
      description={`A equipe “${teamName ?? ""}” deixa de atender solicitações e os membros deixam de ver a fila dela. O histórico continua registrado.`}
      confirmLabel="Remover"
      busy={busy}
      onOpenChange={onOpenChange}
      onConfirm={onConfirm}
    />
  );
}
