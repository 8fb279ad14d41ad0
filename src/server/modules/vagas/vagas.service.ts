import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { VagaInputSchema } from "@/domain/vagas/vaga.schema";
import type { CurrentUser } from "../../auth/auth.plugin";
import type { Db } from "../../db/client";
import { isoTimestamp, newestFirstJsonPage } from "../../db/json-rows";
import { users, vagas } from "../../db/schema";
import { notFound } from "../../http/errors";
import { decodeCursor, encodeCursor } from "../../http/keyset-cursor";
import { validate } from "../../http/validate";
import { enqueueWebhook } from "../../outbox/outbox";

type Caller = { user: CurrentUser; log: FastifyBaseLogger };

/** The spec's shape of a job opening (§3), the creator attached as users {name, email}. */
const vagaColumns = {
  id: vagas.id,
  user_id: vagas.userId,
  titulo: vagas.titulo,
  departamento: vagas.departamento,
  senioridade: vagas.senioridade,
  regime: vagas.regime,
  modelo_trabalho: vagas.modeloTrabalho,
  descricao: vagas.descricao,
  atividades: vagas.atividades,
  requisitos: vagas.requisitos,
  diferenciais: vagas.diferenciais,
  beneficios: vagas.beneficios,
  data_criacao: vagas.dataCriacao,
};

function toFields(body: unknown) {
  const input = validate(VagaInputSchema, body);
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

export function createVagasService(deps: { db: Db; webhookEnabled: boolean }) {
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
        'id', ${vagas.id}, 'user_id', ${vagas.userId}, 'titulo', ${vagas.titulo},
        'departamento', ${vagas.departamento}, 'senioridade', ${vagas.senioridade},
        'regime', ${vagas.regime}, 'modelo_trabalho', ${vagas.modeloTrabalho},
        'descricao', ${vagas.descricao}, 'atividades', ${vagas.atividades},
        'requisitos', ${vagas.requisitos}, 'diferenciais', ${vagas.diferenciais},
        'beneficios', ${vagas.beneficios}, 'data_criacao', ${isoTimestamp(vagas.dataCriacao)},
        'users', case when ${users.email} is null then null
                 else json_build_object('name', coalesce(${users.name}, ''), 'email', ${users.email}) end
      )`,
      createdAt: vagas.dataCriacao,
      id: vagas.id,
      from: sql`${vagas} left join ${users} on ${users.id} = ${vagas.userId}`,
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
        .insert(vagas)
        .values({ ...fields, userId: caller.user.id })
        .returning(vagaColumns);
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
    caller.log.info({ vagaId: row.id }, "job opening created");
    return { ...row, data_criacao: row.data_criacao.toISOString() };
  }

  async function update(caller: Caller, id: string, body: unknown) {
    const fields = toFields(body);
    const [row] = await db
      .update(vagas)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(eq(vagas.id, id))
      .returning(vagaColumns);
    if (!row) throw notFound();
    caller.log.info({ vagaId: id }, "job opening updated");
    return { ...row, data_criacao: row.data_criacao.toISOString() };
  }

  async function remove(caller: Caller, id: string) {
    const [row] = await db.delete(vagas).where(eq(vagas.id, id)).returning({ id: vagas.id });
    if (!row) throw notFound();
    caller.log.info({ vagaId: id }, "job opening deleted");
  }

  return { list, create, update, remove };
}

export type VagasService = ReturnType<typeof createVagasService>;
