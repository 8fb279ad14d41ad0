import type { SavedJobOpening } from "@/domain/job-openings/api";
import type { JobOpeningInput } from "@/domain/job-openings/job-opening.schema";
import type { Db } from "../../db/client";
import { notFound } from "../../http/errors";
import { decodeCursor, encodeCursor } from "../../http/keyset-cursor";
import type { SignedInContext } from "../../http/request-context";
import { enqueueWebhook } from "../../outbox/outbox";
import {
  deleteJobOpening,
  insertJobOpening,
  listJobOpeningsPage,
  updateJobOpening,
} from "./job-openings.queries";

type JobOpeningRow = Awaited<ReturnType<typeof insertJobOpening>>;

/** The answer of a save: the row, its date as ISO text. */
function toSavedJobOpening(row: JobOpeningRow): SavedJobOpening {
  return { ...row, data_criacao: row.data_criacao.toISOString() } as SavedJobOpening;
}

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
  async function create(context: SignedInContext, input: JobOpeningInput): Promise<SavedJobOpening> {
    const row = await db.transaction(async (tx) => {
      const saved = await insertJobOpening(tx, context.user.id, input);
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
    context.log.info({ jobOpeningId: row.id }, "job opening created");
    return toSavedJobOpening(row);
  }

  async function update(
    context: SignedInContext,
    id: string,
    input: JobOpeningInput,
  ): Promise<SavedJobOpening> {
    const row = await updateJobOpening(db, id, input);
    if (!row) throw notFound();
    context.log.info({ jobOpeningId: id }, "job opening updated");
    return toSavedJobOpening(row);
  }

  async function remove(context: SignedInContext, id: string) {
    if (!(await deleteJobOpening(db, id))) throw notFound();
    context.log.info({ jobOpeningId: id }, "job opening deleted");
  }

  return { list, create, update, remove };
}

export type JobOpeningsService = ReturnType<typeof createJobOpeningsService>;
