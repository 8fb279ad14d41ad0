import type { FastifyBaseLogger } from "fastify";
import { JobOpeningInputSchema } from "@/domain/job-openings/job-opening.schema";
import type { CurrentUser } from "../../auth/auth.plugin";
import type { Db } from "../../db/client";
import { notFound } from "../../http/errors";
import { decodeCursor, encodeCursor } from "../../http/keyset-cursor";
import { validate } from "../../http/validate";
import { enqueueWebhook } from "../../outbox/outbox";
import {
  deleteJobOpening,
  insertJobOpening,
  listJobOpeningsPage,
  updateJobOpening,
} from "./job-openings.queries";

type Caller = { user: CurrentUser; log: FastifyBaseLogger };

export function createJobOpeningsService(deps: { db: Db; webhookEnabled: boolean }) {
  const { db } = deps;

  /** A page of openings, newest first, the creator joined, as JSON text ({ items, nextCursor }). */
  async function list(options: { limit: number; cursor?: string | undefined }): Promise<string> {
    return listJobOpeningsPage(db, {
      after: decodeCursor(options.cursor),
      limit: options.limit,
      encode: encodeCursor,
    });
  }

  /** Saves the opening and, in the same transaction, its `{type:'vaga'}` webhook (spec §7 send-webhook). */
  async function create(caller: Caller, body: unknown) {
    const input = validate(JobOpeningInputSchema, body);
    const row = await db.transaction(async (tx) => {
      const saved = await insertJobOpening(tx, caller.user.id, input);
      if (deps.webhookEnabled) {
        const { id: _id, user_id: _user, data_criacao, ...data } = saved;
        await enqueueWebhook(tx, {
          kind: "vaga",
          payload: {
            type: "vaga",
            data: { ...data, tipo_solicitacao: "Nova vaga", data_criacao: data_criacao.toISOString() },
          },
          source: { table: "vagas", id: saved.id },
        });
      }
      return saved;
    });
    caller.log.info({ jobOpeningId: row.id }, "job opening created");
    return { ...row, data_criacao: row.data_criacao.toISOString() };
  }

  async function update(caller: Caller, id: string, body: unknown) {
    const input = validate(JobOpeningInputSchema, body);
    const row = await updateJobOpening(db, id, input);
    if (!row) throw notFound();
    caller.log.info({ jobOpeningId: id }, "job opening updated");
    return { ...row, data_criacao: row.data_criacao.toISOString() };
  }

  async function remove(caller: Caller, id: string) {
    if (!(await deleteJobOpening(db, id))) throw notFound();
    caller.log.info({ jobOpeningId: id }, "job opening deleted");
  }

  return { list, create, update, remove };
}

export type JobOpeningsService = ReturnType<typeof createJobOpeningsService>;
