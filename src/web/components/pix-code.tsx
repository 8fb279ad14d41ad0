import { Check, Copy, QrCode } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/cn";

/*
 * 'Pagar com PIX': a BR Code ('copia e cola') with its button and, on demand, its QR code, so the
 * bank app fills the key, the name, the amount and the txid (docs/decisions/059). The QR's drawing
 * library loads only when one is shown.
 */

function PixQr({ code, label }: { code: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import("qrcode").then((QRCode) =>
      QRCode.toString(code, { type: "svg", margin: 2, errorCorrectionLevel: "M" }).then((text) => {
        if (live) setSvg(text);
      }),
    );
    return () => {
      live = false;
    };
  }, [code]);
  if (!svg) return <div className="size-44 animate-pulse rounded-md bg-muted" aria-hidden="true" />;
  return (
    <img
      src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
      alt={label}
      className="size-44 rounded-md border bg-white p-1"
    />
  );
}

export function PixCode(props: {
  code: string | null;
  problem: string | null;
  payee: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  const [shown, setShown] = useState(false);
  if (!props.code)
    return (
      <p className={cn("text-sm text-amber-700", props.className)}>{props.problem ?? "Sem código PIX."}</p>
    );
  const code = props.code;
  return (
    <div className={cn("flex flex-col gap-2", props.className)}>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() =>
            void navigator.clipboard?.writeText(code).then(() => {
              setCopied(true);
              setTimeout(() => setCopied(false), 2000);
            })
          }
          aria-label={`Copiar código PIX de ${props.payee}`}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? "Código copiado" : "Copiar código PIX"}
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-expanded={shown}
          onClick={() => setShown((s) => !s)}
          aria-label={`${shown ? "Esconder" : "Mostrar"} QR code PIX de ${props.payee}`}
        >
          <QrCode aria-hidden="true" />
          {shown ? "Esconder QR code" : "QR code"}
        </Button>
      </div>
      {shown ? <PixQr code={code} label={`QR code PIX do pagamento a ${props.payee}`} /> : null}
    </div>
  );
}
