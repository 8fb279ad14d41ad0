import { Check, Copy, Download } from "lucide-react";
import { useState } from "react";
import { Button } from "@/web/components/ui/button";
import { notifyError } from "@/web/lib/notify";

const fileText = (codes: string[]) =>
  [
    "Balcão: códigos de recuperação da verificação em duas etapas",
    "Cada código vale uma vez. Guarde-os num lugar seguro.",
    "",
    ...codes,
    "",
  ].join("\n");

/**
 * The ten recovery codes, shown once (docs/decisions/054): 'Copiar' and 'Baixar', then 'Concluir'.
 * The page cannot show them again; new ones replace them.
 */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setCopied(true);
    } catch {
      notifyError("Não foi possível copiar", { description: "Selecione os códigos e copie-os à mão." });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([fileText(codes)], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "balcao-codigos-de-recuperacao.txt";
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-5 px-5 py-6 sm:px-8" data-testid="recovery-codes">
      <div className="flex flex-col gap-1.5">
        <h3 className="text-base font-semibold">Códigos de recuperação</h3>
        <p className="text-sm text-muted-foreground">
          Sem o celular, entre com um destes códigos no lugar do código do aplicativo. Cada um vale uma vez.
          Guarde-os agora: eles não aparecem de novo.
        </p>
      </div>
      <ol className="grid grid-cols-1 gap-2 rounded-lg border bg-muted/40 p-4 font-mono text-sm min-[360px]:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="tracking-wide select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="button" variant="outline" onClick={copy}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? "Copiados" : "Copiar"}
          </Button>
          <Button type="button" variant="outline" onClick={download}>
            <Download aria-hidden="true" />
            Baixar
          </Button>
        </div>
        <Button type="button" onClick={onDone}>
          Concluir
        </Button>
      </div>
    </div>
  );
}
