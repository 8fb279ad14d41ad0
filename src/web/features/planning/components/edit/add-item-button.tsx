import { Plus } from "lucide-react";
import { Button } from "@/web/components/ui/button";

/** 'Adicionar …' under a list being edited; disabled once the schema's limit is reached. */
export function AddItemButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button
      type="button"
      variant="outline"
      onClick={onClick}
      disabled={disabled}
      className="w-full border-dashed sm:w-auto sm:self-start"
    >
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );
}
