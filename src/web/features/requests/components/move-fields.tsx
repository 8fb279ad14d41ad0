import { AlertTriangle, Check, Copy } from "lucide-react";
import { useId, useState } from "react";
import { PAYMENT_METHOD_OPTIONS } from "@/domain/finance/payment";
import { formatBRL } from "@/domain/money";
import type { Flag } from "@/domain/requests/review-api";
import { CurrencyInput } from "@/web/components/form/currency-input";
import { DatePicker } from "@/web/components/form/date-picker";
import { OptionSelect } from "@/web/components/form/option-select";
import { Button } from "@/web/components/ui/button";
import { Label } from "@/web/components/ui/label";
import { cn } from "@/web/lib/cn";

/*
 * The fields a reimbursement's or a grant's approval and payment add to the
 * move's dialog (issue 12). The server checks the same rules with the same
 * messages (src/domain/finance/payment.ts).
 */

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-sm text-destructive" role="alert">
      {message}
    </p>
  ) : null;
}

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

export type ApprovalValues = { valor: string; confirmed: boolean };

/** 'Valor aprovado' (the requested value unless changed) and the flags' confirmation. */
export function ApprovalFields({
  requested,
  showValue,
  flags,
  values,
  onChange,
  errors,
}: {
  requested: number;
  /** A kind without a value (material) shows only the flags. */
  showValue: boolean;
  flags: readonly Flag[];
  values: ApprovalValues;
  onChange: (values: ApprovalValues) => void;
  errors: { valorAprovado?: string; confirmarAlertas?: string };
}) {
  const id = useId();
  return (
    <div className="grid gap-4">
      {showValue ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-valor`}>Valor aprovado</Label>
          <CurrencyInput
            id={`${id}-valor`}
            value={values.valor}
            onChange={(valor) => onChange({ ...values, valor })}
            aria-invalid={errors.valorAprovado ? true : undefined}
            aria-describedby={`${id}-valor-hint${errors.valorAprovado ? ` ${id}-valor-error` : ""}`}
          />
          <p id={`${id}-valor-hint`} className="text-xs text-muted-foreground">
            Solicitado: {formatBRL(requested)}. Para aprovar menos, informe o motivo.
          </p>
          <FieldError id={`${id}-valor-error`} message={errors.valorAprovado} />
        </div>
      ) : null}
      {flags.length ? (
        <div className="grid gap-2">
          <FlagList flags={flags} />
          <label className="flex items-start gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={values.confirmed}
              onChange={(e) => onChange({ ...values, confirmed: e.target.checked })}
              aria-invalid={errors.confirmarAlertas ? true : undefined}
              aria-describedby={errors.confirmarAlertas ? `${id}-confirm-error` : undefined}
            />
            Verifiquei os alertas e quero aprovar
          </label>
          <FieldError id={`${id}-confirm-error`} message={errors.confirmarAlertas} />
        </div>
      ) : null}
    </div>
  );
}

export type PaymentValues = { pagoEm: string; forma: string };

/** 'Marcar como pago': the date, the method, and the requester's PIX key ready to copy. */
export function PaymentFields({
  today,
  pixKey,
  hidePixKey = false,
  values,
  onChange,
  errors,
}: {
  today: string;
  pixKey: string | null;
  /** The batch shows each person's key beside them instead. */
  hidePixKey?: boolean;
  values: PaymentValues;
  onChange: (values: PaymentValues) => void;
  errors: { pagoEm?: string; formaPagamento?: string };
}) {
  const id = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid gap-2">
        <Label id={`${id}-date-label`}>Data do pagamento</Label>
        <DatePicker
          id={`${id}-date`}
          labelId={`${id}-date-label`}
          value={values.pagoEm}
          onChange={(pagoEm) => onChange({ ...values, pagoEm })}
          today={today}
          aria-invalid={errors.pagoEm ? true : undefined}
          aria-describedby={errors.pagoEm ? `${id}-date-error` : undefined}
        />
        <FieldError id={`${id}-date-error`} message={errors.pagoEm} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-method`}>Forma de pagamento</Label>
        <OptionSelect
          id={`${id}-method`}
          options={PAYMENT_METHOD_OPTIONS}
          placeholder="Selecione"
          value={values.forma}
          onChange={(forma) => onChange({ ...values, forma })}
          aria-invalid={errors.formaPagamento ? true : undefined}
        />
        <FieldError id={`${id}-method-error`} message={errors.formaPagamento} />
      </div>
      {values.forma === "pix" && !hidePixKey ? <PixKey value={pixKey} className="sm:col-span-2" /> : null}
    </div>
  );
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
