import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import { type BackupStatus, BackupStatusSchema } from "@/domain/backups/api";
import type { Config } from "../config";
import type { ScheduledBackups } from "./scheduled-backup";

/** The backups' state for administrators, beside the teams (docs/decisions/041). */
export async function backupRoutes(
  app: FastifyInstance,
  options: { backups: ScheduledBackups; config: Pick<Config, "backupSchedule"> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/admin/backup",
    {
      preValidation: app.requireAccess("admin"),
      schema: {
        tags: ["Backups"],
        summary: "Whether the server backs up by itself (BACKUP_SCHEDULE) and how the last backup went",
        response: { 200: BackupStatusSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (_request, reply): Promise<BackupStatus> => {
      reply.header("cache-control", "no-store");
      const schedule = options.config.backupSchedule;
      return {
        agendado: schedule?.at ?? null,
        manter: schedule?.keep ?? 0,
        ultimo: await options.backups.last(),
      };
    },
  );
}
