import { AlertTriangle, Check, Copy } from "lucide-react";
import { useState } from "react";
import { type Control, type Path, useWatch } from "react-hook-form";
import { reimbursementDateWindow, todayInSaoPaulo } from "@/domain/dates";
import { PAYMENT_METHOD_OPTIONS } from "@/domain/finance/payment";
import type { MoveFormValues, MoveSubmission } from "@/domain/requests/move-form";
import type { Flag } from "@/domain/requests/review-api";
import type { FieldSpec } from "@/web/components/form/form-fields";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/cn";

/*
 * What a reimbursement's or a grant's approval and payment add to the move's
 * dialog: the flags, the payment's fields, the PIX key. The server checks the
 * same rules with the same messages (src/domain/requests/move-form.ts).
 */

/** The flags, each with its explanation: what the approver confirms having seen. */
export function FlagList({ flags, className }: { flags: readonly Flag[]; className?: string }) {
  if (!flags.length) return null;
  return (
    <ul className={cn("grid gap-2", className)} aria-label="Alertas">
      {flags.map((flag) => (
        <li
          key={flag.tipo}
          className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
          <span className="min-w-0">
            <span className="font-semibold">{flag.rotulo}.</span> {flag.explicacao}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** 'Data do pagamento' and 'Forma de pagamento', of a move's dialog and of the payment batch. */
export function paymentFields<V extends { pagoEm: string; formaPagamento: string }>(): FieldSpec<V>[] {
  return [
    {
      type: "date",
      name: "pagoEm" as Path<V>,
      label: "Data do pagamento",
      today: todayInSaoPaulo,
      // Not after today; the server also refuses a day before the request (paidDateError).
      window: reimbursementDateWindow,
      calendarLabel: "Escolha a data do pagamento",
    },
    {
      type: "select",
      name: "formaPagamento" as Path<V>,
      label: "Forma de pagamento",
      options: PAYMENT_METHOD_OPTIONS,
      placeholder: "Selecione",
    },
  ];
}

/** The requester's PIX key while the method chosen is PIX. */
export function PixKeyWhenPix({
  control,
  value,
}: {
  control: Control<MoveFormValues<File>, unknown, MoveSubmission<File>>;
  value: string | null;
}) {
  const method = useWatch({ control, name: "formaPagamento" });
  return method === "pix" ? <PixKey value={value} className="sm:col-span-2" /> : null;
}

/** The key to pay to, with a button that copies it. */
export function PixKey({ value, className }: { value: string | null; className?: string }) {
  const [copied, setCopied] = useState(false);
  if (!value)
    return (
      <p className={cn("text-sm text-muted-foreground", className)}>O solicitante não informou chave PIX.</p>
    );
  return (
    <div className={cn("flex items-center gap-2 rounded-md border bg-muted/40 px-3 py-2", className)}>
      <span className="min-w-0 flex-1 text-sm">
        <span className="text-muted-foreground">Chave PIX: </span>
        <span className="font-medium break-all">{value}</span>
      </span>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          });
        }}
        aria-label={`Copiar chave PIX ${value}`}
      >
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? "Copiada" : "Copiar"}
      </Button>
    </div>
  );
}
