import { eq, sql } from "drizzle-orm";
import type { JobOpeningInput } from "@/domain/job-openings/job-opening.schema";
import type { Db, Executor } from "../../db/client";
import { isoTimestamp, newestFirstJsonPage } from "../../db/json-rows";
import { jobOpenings, users } from "../../db/schema";
import type { Cursor } from "../../http/keyset-cursor";

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

function toColumns(input: JobOpeningInput) {
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

/**
 * A page of openings, newest first, the creator joined (spec §7 did two
 * queries): one statement that also says where the next page starts. The
 * JSON is built by the database (see newestFirstJsonPage); keyset pages keep the page
 * cheap however many openings there are.
 */
export async function listJobOpeningsPage(
  db: Db,
  page: { after: Cursor | null; limit: number; encode: (last: Cursor) => string },
): Promise<string> {
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
    after: page.after,
    limit: page.limit,
    encode: page.encode,
  });
}

export async function insertJobOpening(tx: Executor, userId: string, input: JobOpeningInput) {
  const [saved] = await tx
    .insert(jobOpenings)
    .values({ ...toColumns(input), userId })
    .returning(jobOpeningColumns);
  return saved!;
}

/** The opening as saved, or undefined when there is none with this id. */
export async function updateJobOpening(db: Db, id: string, input: JobOpeningInput) {
  const [row] = await db
    .update(jobOpenings)
    .set({ ...toColumns(input), updatedAt: sql`now()` })
    .where(eq(jobOpenings.id, id))
    .returning(jobOpeningColumns);
  return row;
}

/** Whether there was an opening with this id. */
export async function deleteJobOpening(db: Db, id: string): Promise<boolean> {
  const [row] = await db.delete(jobOpenings).where(eq(jobOpenings.id, id)).returning({ id: jobOpenings.id });
  return row !== undefined;
}
