import { Download, FileSpreadsheet, FileText, type LucideIcon } from "lucide-react";
import { type PlanExportFormat, planExportMessages, planExportPath } from "@/domain/planning/plan-export";
import { DownloadLinks } from "@/web/components/download-links";
import { Button } from "@/web/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/web/components/ui/popover";

const FORMATS: { format: PlanExportFormat; label: string; hint: string; icon: LucideIcon }[] = [
  { format: "pdf", label: planExportMessages.pdf, hint: planExportMessages.pdfHint, icon: FileText },
  {
    format: "xlsx",
    label: planExportMessages.xlsx,
    hint: planExportMessages.xlsxHint,
    icon: FileSpreadsheet,
  },
];

/**
 * 'Exportar' of the plan viewer (decision 019): the plan as a PDF for the client
 * or its posts as a spreadsheet, as download links.
 */
export function PlanExportMenu({ planId }: { planId: string }) {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button type="button" variant="outline">
          <Download aria-hidden="true" />
          Exportar
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="flex w-[min(18rem,calc(100vw-2rem))] flex-col gap-2">
        <p className="text-sm font-medium">Exportar planejamento</p>
        <DownloadLinks
          links={FORMATS.map(({ format, ...link }) => ({ ...link, href: planExportPath(planId, format) }))}
        />
      </PopoverContent>
    </Popover>
  );
}
