import { FileUp } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/web/components/ui/button";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useImportAdmissions } from "../api/admissions";

/**
 * 'Importar CSV' (docs/decisions/060): 'e-mail;data de admissão' per line. All or nothing: when the
 * server refuses lines, each one is listed with its reason and nothing was stored.
 */
export function AdmissionImport() {
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<[string, string][]>([]);
  const importing = useImportAdmissions();

  const send = (file: File | undefined) => {
    if (!file) return;
    setRefused([]);
    importing.mutate(file, {
      onSuccess: (result) => notifySuccess(result.mensagem),
      onError: (error) => {
        const fields = error instanceof ApiRequestError ? error.body.fields : undefined;
        if (fields && Object.keys(fields).some((key) => key.startsWith("linha"))) {
          setRefused(Object.entries(fields));
        }
        toastApiError(error, { title: "Não foi possível importar o arquivo" });
      },
      onSettled: () => {
        if (input.current) input.current.value = "";
      },
    });
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          id="importar-admissoes"
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          aria-label="Arquivo CSV de datas de admissão"
          tabIndex={-1}
          onChange={(event) => send(event.target.files?.[0])}
        />
        <Button
          variant="outline"
          size="sm"
          disabled={importing.isPending}
          onClick={() => input.current?.click()}
        >
          <FileUp aria-hidden="true" />
          Importar CSV
        </Button>
        <span className="text-sm text-muted-foreground">
          Uma linha por pessoa: e-mail;data de admissão (dd/mm/aaaa ou aaaa-mm-dd).
        </span>
      </div>
      {refused.length ? (
        <div role="alert" className="rounded-lg border border-destructive/40 p-3 text-sm">
          <p className="font-medium">Nenhuma data foi importada. Corrija estas linhas:</p>
          <ul className="mt-1 list-disc pl-5">
            {refused.map(([line, reason]) => (
              <li key={line}>
                {line.replace("linha", "Linha")}: {reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
