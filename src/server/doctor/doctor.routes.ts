import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import { type DoctorReport, DoctorReportSchema } from "@/domain/doctor/api";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { NoBodySchema } from "../http/schemas";
import type { Mailer } from "../mail/mailer";
import type { Storage } from "../storage/storage";
import { describeDatabaseUrl } from "./checks";
import { runChecks, sqlProbe } from "./run-checks";

/**
 * 'Diagnóstico' for administrators (docs/decisions/042): the doctor's checks run by this
 * instance, on its own database, store and mail. A POST: it writes and removes a probe file.
 */
export async function doctorRoutes(
  app: FastifyInstance,
  options: { config: Config; authSecret: string; database: Database; storage: Storage; mailer: Mailer },
) {
  const { config, database } = options;
  const describe = config.databaseUrl
    ? describeDatabaseUrl(config.databaseUrl)
    : "embedded PGlite in DATA_DIR";
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/admin/diagnostico",
    {
      preValidation: app.requireAccess("admin"),
      schema: {
        tags: ["Administração"],
        summary: "Run the doctor's checks (npm run doctor) from this instance",
        body: NoBodySchema,
        response: { 200: DoctorReportSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (_request, reply): Promise<DoctorReport> => {
      reply.header("cache-control", "no-store");
      const verificacoes = await runChecks({
        config,
        authSecret: options.authSecret,
        database: {
          describe,
          query: sqlProbe(database.db),
        },
        storage: options.storage,
        verifyMail: () => options.mailer.verify(),
      });
      return { em: new Date().toISOString(), verificacoes };
    },
  );
}
