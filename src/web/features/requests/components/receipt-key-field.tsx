import { Loader2, QrCode } from "lucide-react";
import { useRef, useState } from "react";
import type { ControllerRenderProps, FieldValues, UseFormReturn } from "react-hook-form";
import { isWithinReimbursementWindow, todayInSaoPaulo } from "@/domain/dates";
import { formatBRL } from "@/domain/money";
import { formatIssueMonth, MODEL_LABELS, receiptMessages } from "@/domain/receipts";
import { receiptFacts } from "@/domain/requests/kinds/reembolso/receipt-field";
import type { ControlProps } from "@/web/components/form/form-item";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { notifyError, notifySuccess } from "@/web/lib/notify";
import { readQrCode } from "@/web/lib/qr-reader";

/*
 * 'Chave de acesso da nota' with 'Ler QR code da nota' (the receipt's own data): the key typed or
 * pasted, or the QR read from a photo (the camera, on a phone) or from the receipts attached. The
 * note's facts show as soon as the text is a key; the amount and the date are filled only when
 * the QR carries them. The server reads the same text the same way.
 */

const QR_MESSAGES = {
  read: "QR code lido",
  filled: "Preenchemos o valor e a data com os da nota. Confira antes de enviar.",
  keyOnly: "A chave da nota foi preenchida. O QR code não traz valor nem data: informe-os.",
  notFound: "Não encontramos um QR code legível",
  notFoundHint: "Tente outra foto, com a nota inteira e sem reflexo, ou digite a chave de acesso.",
  notReceipt: "Este QR code não é de uma nota fiscal",
  notReceiptHint: "Leia o QR code impresso na nota (NFC-e) ou digite a chave de acesso.",
} as const;

const isPhone = () => typeof window !== "undefined" && window.matchMedia?.("(pointer: coarse)").matches;
const isReadable = (file: unknown): file is File =>
  file instanceof File && /^(image\/|application\/pdf)/.test(file.type || "image/");

/** The note's facts under the field, once the text is a key or a QR's content. */
function ReceiptFacts({ text }: { text: string }) {
  const facts = text.trim() ? receiptFacts(text) : null;
  if (!facts?.ok) return null;
  const { key, record } = facts;
  const items = [
    [receiptMessages.issuerLabel, record.notaEmitente],
    [
      receiptMessages.issuedLabel,
      facts.issuedOn ? facts.issuedOn.split("-").reverse().join("/") : formatIssueMonth(key.yearMonth),
    ],
    [receiptMessages.modelLabel, `${MODEL_LABELS[key.model]} · série ${key.series}`],
    [receiptMessages.numberLabel, String(key.number)],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1.5 rounded-md border bg-muted/40 px-3 py-2.5 text-sm sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="truncate font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Props = {
  control: ControlProps;
  field: ControllerRenderProps<FieldValues, string>;
  form: UseFormReturn<FieldValues, unknown, unknown>;
  /** The form's field of the receipts' files, where a photo taken here is added. */
  filesField: string;
};

export function ReceiptKeyField({ control, field, form, filesField }: Props) {
  const [reading, setReading] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const text = typeof field.value === "string" ? field.value : "";

  /** The QR's text in the field; its amount and day, when it has them, in theirs. */
  const apply = (qrText: string) => {
    const facts = receiptFacts(qrText);
    if (!facts.ok) return notifyError(QR_MESSAGES.notReceipt, { description: QR_MESSAGES.notReceiptHint });
    field.onChange(qrText);
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    if (facts.totalCents !== null) form.setValue("valor", formatBRL(facts.totalCents), options);
    if (facts.issuedOn && isWithinReimbursementWindow(facts.issuedOn, todayInSaoPaulo()))
      form.setValue("data", facts.issuedOn, options);
    const filled = facts.totalCents !== null && facts.issuedOn !== null;
    notifySuccess(QR_MESSAGES.read, { description: filled ? QR_MESSAGES.filled : QR_MESSAGES.keyOnly });
  };

  const readFiles = async (files: readonly File[]) => {
    setReading(true);
    try {
      for (const file of files) {
        const found = await readQrCode(file);
        if (found) return apply(found);
      }
      notifyError(QR_MESSAGES.notFound, { description: QR_MESSAGES.notFoundHint });
    } finally {
      setReading(false);
    }
  };

  const onRead = () => {
    const attached = form.getValues(filesField);
    const files = (Array.isArray(attached) ? attached : []).filter(isReadable);
    // A phone opens its camera; elsewhere the receipts attached are read, or a file is asked for.
    if (isPhone() || files.length === 0) picker.current?.click();
    else void readFiles(files);
  };

  const onPicked = (event: React.ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    event.target.value = "";
    if (!picked.length) return;
    // The photo of the receipt is the receipt: it joins the files sent, once.
    const attached = form.getValues(filesField);
    const current = Array.isArray(attached) ? (attached as File[]) : [];
    const added = picked.filter((p) => !current.some((c) => c.name === p.name && c.size === p.size));
    if (added.length) form.setValue(filesField, [...current, ...added], { shouldDirty: true });
    void readFiles(picked);
  };

  return (
    <div className="flex flex-col gap-2.5">
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          {...control}
          name={field.name}
          ref={field.ref}
          value={text}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          inputMode="text"
          placeholder="44 números, ou cole o endereço do QR code"
          className="min-w-0 flex-1"
        />
        <Button type="button" variant="outline" onClick={onRead} disabled={reading} className="shrink-0">
          {reading ? <Loader2 className="animate-spin" aria-hidden="true" /> : <QrCode aria-hidden="true" />}
          {reading ? "Lendo..." : "Ler QR code da nota"}
        </Button>
        <input
          ref={picker}
          type="file"
          accept="image/*,application/pdf"
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={onPicked}
        />
      </div>
      <ReceiptFacts text={text} />
    </div>
  );
}
