import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { JobOpeningInputSchema } from "@/domain/job-openings/job-opening.schema";
import type { CurrentUser } from "../../auth/auth.plugin";
import type { Db } from "../../db/client";
import { isoTimestamp, newestFirstJsonPage } from "../../db/json-rows";
import { jobOpenings, users } from "../../db/schema";
import { notFound } from "../../http/errors";
import { decodeCursor, encodeCursor } from "../../http/keyset-cursor";
import { validate } from "../../http/validate";
import { enqueueWebhook } from "../../outbox/outbox";

type Caller = { user: CurrentUser; log: FastifyBaseLogger };

/** The spec's shape of a job opening (§3), the creator attached as users {name, email}. */
const jobOpeningColumns = {
  id: jobOpenings.id,
  user_id: jobOpenings.userId,
  titulo: jobOpenings.titulo,
  departamento: jobOpenings.departamento,
  senioridade: jobOpenings.senioridade,
  regime: jobOpenings.regime,
  modelo_trabalho: jobOpenings.modeloTrabalho,
  descricao: jobOpenings.descricao,
  atividades: jobOpenings.atividades,
  requisitos: jobOpenings.requisitos,
  diferenciais: jobOpenings.diferenciais,
  beneficios: jobOpenings.beneficios,
  data_criacao: jobOpenings.dataCriacao,
};

function toFields(body: unknown) {
  const input = validate(JobOpeningInputSchema, body);
  return {
    titulo: input.titulo,
    departamento: input.departamento,
    senioridade: input.senioridade,
    regime: input.regime,
    modeloTrabalho: input.modelo_trabalho,
    descricao: input.descricao,
    atividades: input.atividades,
    requisitos: input.requisitos,
    diferenciais: input.diferenciais,
    beneficios: input.beneficios,
  };
}

export function createJobOpeningsService(deps: { db: Db; webhookEnabled: boolean }) {
  const { db } = deps;

  /**
   * A page of openings, newest first, the creator joined (spec §7 did two
   * queries): one statement that also says where the next page starts. The
   * JSON is built by the database (see newestFirstJsonPage); keyset pages keep the page
   * cheap however many openings there are.
   */
  async function list(options: { limit: number; cursor?: string | undefined }): Promise<string> {
    return newestFirstJsonPage(db, {
      item: sql`json_build_object(
        'id', ${jobOpenings.id}, 'user_id', ${jobOpenings.userId}, 'titulo', ${jobOpenings.titulo},
        'departamento', ${jobOpenings.departamento}, 'senioridade', ${jobOpenings.senioridade},
        'regime', ${jobOpenings.regime}, 'modelo_trabalho', ${jobOpenings.modeloTrabalho},
        'descricao', ${jobOpenings.descricao}, 'atividades', ${jobOpenings.atividades},
        'requisitos', ${jobOpenings.requisitos}, 'diferenciais', ${jobOpenings.diferenciais},
        'beneficios', ${jobOpenings.beneficios}, 'data_criacao', ${isoTimestamp(jobOpenings.dataCriacao)},
        'users', case when ${users.email} is null then null
                 else json_build_object('name', coalesce(${users.name}, ''), 'email', ${users.email}) end
      )`,
      createdAt: jobOpenings.dataCriacao,
      id: jobOpenings.id,
      from: sql`${jobOpenings} left join ${users} on ${users.id} = ${jobOpenings.userId}`,
      after: decodeCursor(options.cursor),
      limit: options.limit,
      encode: encodeCursor,
    });
  }

  /** Saves the opening and, in the same transaction, its `{type:'vaga'}` webhook (spec §7 send-webhook). */
  async function create(caller: Caller, body: unknown) {
    const fields = toFields(body);
    const row = await db.transaction(async (tx) => {
      const [saved] = await tx
        .insert(jobOpenings)
        .values({ ...fields, userId: caller.user.id })
        .returning(jobOpeningColumns);
      if (deps.webhookEnabled) {
        const { id: _id, user_id: _user, data_criacao, ...data } = saved!;
        await enqueueWebhook(tx, {
          kind: "vaga",
          payload: {
            type: "vaga",
            data: { ...data, tipo_solicitacao: "Nova vaga", data_criacao: data_criacao.toISOString() },
          },
          source: { table: "vagas", id: saved!.id },
        });
      }
      return saved!;
    });
    caller.log.info({ jobOpeningId: row.id }, "job opening created");
    return { ...row, data_criacao: row.data_criacao.toISOString() };
  }

  async function update(caller: Caller, id: string, body: unknown) {
    const fields = toFields(body);
    const [row] = await db
      .update(jobOpenings)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(eq(jobOpenings.id, id))
      .returning(jobOpeningColumns);
    if (!row) throw notFound();
    caller.log.info({ jobOpeningId: id }, "job opening updated");
    return { ...row, data_criacao: row.data_criacao.toISOString() };
  }

  async function remove(caller: Caller, id: string) {
    const [row] = await db
      .delete(jobOpenings)
      .where(eq(jobOpenings.id, id))
      .returning({ id: jobOpenings.id });
    if (!row) throw notFound();
    caller.log.info({ jobOpeningId: id }, "job opening deleted");
  }

  return { list, create, update, remove };
}

export type JobOpeningsService = ReturnType<typeof createJobOpeningsService>;
