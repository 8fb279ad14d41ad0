import { Download, FileArchive, FileSpreadsheet, FileText, type LucideIcon } from "lucide-react";
import { useId, useState } from "react";
import { type ExportFormat, exportPath } from "@/domain/requests/export-api";
import { isRequestKind } from "@/domain/requests/kinds";
import { kindMeta } from "@/domain/requests/kinds/meta";
import { COST_CENTRE_OPTIONS } from "@/domain/requests/options";
import { DownloadLinks } from "@/web/components/download-links";
import { Button } from "@/web/components/ui/button";
import { Label } from "@/web/components/ui/label";
import { Popover, PopoverContent, PopoverTrigger } from "@/web/components/ui/popover";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import type { QueueFilters } from "../api/get-queue";

/** The Select's value for "no cost centre" (Radix refuses an empty string). */
const ALL = "todos";

const FORMATS: { format: ExportFormat; label: string; hint: string; icon: LucideIcon }[] = [
  { format: "csv", label: "CSV", hint: "Para o Excel, separado por ;", icon: FileText },
  { format: "xlsx", label: "Excel", hint: "Planilha .xlsx", icon: FileSpreadsheet },
  { format: "zip", label: "ZIP dos comprovantes", hint: "Arquivos com a planilha em CSV", icon: FileArchive },
];

/**
 * 'Exportar' of 'Caixa de entrada' (decision 013): the requests of the current
 * filters as CSV, Excel or a ZIP of the receipts. Plain links: the browser
 * downloads the file as the server streams it (a year of receipts never sits in
 * the page's memory), with the session's cookie.
 */
export function ExportMenu({ filters }: { filters: QueueFilters }) {
  const id = useId();
  const [costCentre, setCostCentre] = useState<string>(ALL);
  // Only the kinds booked to a cost centre have one (reimbursements): offered when they are in the list.
  const withCostCentre =
    !filters.tipo || Boolean(isRequestKind(filters.tipo) && kindMeta(filters.tipo).payment?.costCentre);
  const query = {
    ...filters,
    centroCusto: withCostCentre && costCentre !== ALL ? costCentre : undefined,
  };

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" className="w-full sm:w-auto">
          <Download aria-hidden="true" />
          Exportar
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="flex w-[min(20rem,calc(100vw-2rem))] flex-col gap-3">
        <div className="flex flex-col gap-1">
          <p className="text-sm font-medium">Exportar solicitações</p>
          <p className="text-xs text-muted-foreground">
            Com os filtros atuais{filters.status ? "" : " (em aberto, se nenhuma situação for escolhida)"}.
          </p>
        </div>
        {withCostCentre ? (
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-centro`}>Centro de custo</Label>
            <Select value={costCentre} onValueChange={setCostCentre}>
              <SelectTrigger id={`${id}-centro`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>Todos</SelectItem>
                {COST_CENTRE_OPTIONS.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label} (só reembolsos)
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        ) : null}
        <DownloadLinks
          links={FORMATS.map(({ format, ...link }) => ({ ...link, href: exportPath(format, query) }))}
        />
      </PopoverContent>
    </Popover>
  );
}
