import { z } from "zod";

/*
 * What administrators see of the backups on 'Equipes e permissões'
 * (docs/decisions/041): whether the server writes them itself, and how the
 * last one went.
 */

export const LastBackupSchema = z.object({
  /** When it ended (ISO). */
  em: z.string(),
  /** The archive's name in BACKUP_DIR, or null when it could not be written. */
  arquivo: z.string().nullable(),
  bytes: z.number().int().nonnegative().nullable(),
  /** Restored into scratch and found whole. */
  verificado: z.boolean(),
  /** What went wrong, for the operator; null when nothing did. */
  erro: z.string().nullable(),
});
export type LastBackup = z.infer<typeof LastBackupSchema>;

export const BackupStatusSchema = z.object({
  /** BACKUP_SCHEDULE ('03:30', São Paulo), or null: the server writes none by itself. */
  agendado: z.string().nullable(),
  /** BACKUP_KEEP. */
  manter: z.number().int().nonnegative(),
  ultimo: LastBackupSchema.nullable(),
});
export type BackupStatus = z.infer<typeof BackupStatusSchema>;

/** 'Verificado', or why not, as the page says it. */
export function lastBackupText(last: LastBackup | null): string {
  if (!last) return "Nenhuma cópia feita pelo servidor ainda.";
  if (last.erro && !last.arquivo) return `A última cópia falhou: ${last.erro}`;
  if (!last.verificado)
    return `A última cópia foi escrita, mas não passou na verificação: ${last.erro ?? "sem detalhes"}`;
  return "A última cópia foi restaurada numa área de teste e conferida.";
}
