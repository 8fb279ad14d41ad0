import { z } from "zod";

/* The bell and the 'Notificações' preference (decision 011): the HTTP contract shared with the web. */

export const NotificationSchema = z.object({
  id: z.number().int(),
  em: z.string(),
  titulo: z.string(),
  texto: z.string().nullable(),
  /** What it is about: a request (/solicitacoes/{tipo}/{id}), or a plan ('planejamento': its viewer). */
  tipo: z.string(),
  solicitacaoId: z.uuid(),
  lida: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = z.object({
  items: z.array(NotificationSchema),
  naoLidas: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const MarkReadInputSchema = z.object({
  /** The notifications to mark read; none: all of them. */
  ids: z.array(z.number().int().positive()).max(200).optional(),
});

export const NOTIFICATION_MODES = ["imediato", "resumo_diario"] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

export const NotificationPreferencesSchema = z.object({
  /** New requests for my teams: each at once, or one summary a day at 8:00 (São Paulo). */
  novasSolicitacoes: z.enum(NOTIFICATION_MODES, { error: "Escolha como receber as novas solicitações" }),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

export const NOTIFICATION_MODE_LABELS: Record<NotificationMode, string> = {
  imediato: "Um email a cada nova solicitação",
  resumo_diario: "Um resumo por dia, às 8:00",
};
