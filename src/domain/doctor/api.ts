import { z } from "zod";

/*
 * 'Diagnóstico' on 'Equipes e permissões' (docs/decisions/042): the checks of `npm run doctor`
 * run by the server for an administrator. The details and fixes are the operator's, in the words
 * of docs/operations.md; the checks' names are shown in Portuguese.
 */

export const DoctorCheckSchema = z.object({
  name: z.string(),
  ok: z.boolean(),
  detail: z.string(),
  fix: z.string().optional(),
});
export type DoctorCheck = z.infer<typeof DoctorCheckSchema>;

export const DoctorReportSchema = z.object({
  /** When the checks ran (ISO). */
  em: z.string(),
  verificacoes: z.array(DoctorCheckSchema),
});
export type DoctorReport = z.infer<typeof DoctorReportSchema>;

const CHECK_LABELS: Record<string, string> = {
  Configuration: "Configuração",
  Database: "Banco de dados",
  Clock: "Relógio",
  Files: "Arquivos",
  "E-mail": "E-mail",
  "Public address": "Endereço público",
  Proxy: "Proxy",
  Disk: "Disco",
  Backups: "Cópias de segurança",
};

export const checkLabel = (name: string) => CHECK_LABELS[name] ?? name;

export function doctorSummary(report: DoctorReport): string {
  const problems = report.verificacoes.filter((c) => !c.ok).length;
  if (!problems) return "Tudo o que foi verificado está certo.";
  return problems === 1 ? "1 problema a corrigir." : `${problems} problemas a corrigir.`;
}
