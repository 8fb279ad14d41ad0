import { sql } from "drizzle-orm";
import { planYears } from "@/domain/planning/options";
import { signedInUser } from "../auth-helpers";
import type { TestContext } from "../test-app";
import { seedMoves, seedRequests } from "./seed-requests";
import { PEOPLE, type PersonKey, type Seeded, type Send, sender } from "./seed-send";

/*
 * The fuzzer's data, made through the API as people would: two requesters with requests of
 * every kind (with files), moved by reviewers who are not fuzzed, comments and an internal
 * note, second-approval policies, a team of the administrator's, clients, plans (one shared
 * with its client, one private), a job opening. Each body sent is kept as an example the
 * fuzzer starts from; texts only some people may read carry markers.
 */

const SIGNED_LINK = /\/api\/anexos\/([0-9a-f-]{36})\/download\?expires=(\d+)&signature=([\w-]{43})/g;

export async function seedData(ctx: TestContext): Promise<Seeded> {
  const seeded: Seeded = {
    people: {} as Seeded["people"],
    examples: new Map(),
    markers: [],
    sharedPlanId: "",
    shareToken: "",
    signedLinks: [],
  };
  // In parallel: each sign-up hashes a password (scrypt, on libuv's threads).
  const signed = await Promise.all(
    Object.entries(PEOPLE).map(async ([key, p]) => [key, await signedInUser(ctx, p.email, p.name)] as const),
  );
  for (const [key, person] of signed) {
    seeded.people[key as PersonKey] = { userId: person.user.id, cookie: person.cookie };
  }
  const send = sender(ctx, seeded);
  await seedTeams(ctx, seeded, send);
  const requests = await seedRequests(send, seeded);
  await seedMoves(send, seeded, requests);
  await seedPlanning(ctx, send, seeded);
  const payloads = await ctx.database.db.execute(sql`select payload::text as payload from outbox`);
  for (const { payload } of payloads.rows as { payload: string }[]) {
    for (const [, id, expires, signature] of payload.matchAll(SIGNED_LINK)) {
      seeded.signedLinks.push({ id: id!, expires: expires!, signature: signature! });
    }
  }
  return seeded;
}

async function seedTeams(ctx: TestContext, seeded: Seeded, send: Send) {
  const page = await ctx.app.inject({
    url: "/api/admin/equipes",
    headers: { cookie: seeded.people.admin.cookie },
  });
  const teams = page.json().teams as { id: string; name: string; kinds: string[]; departamentos: string[] }[];
  const team = (name: string) => teams.find((t) => t.name === name)!;
  const members: Record<string, string[]> = {
    Financeiro: [PEOPLE.rita.email, PEOPLE.fabio.email],
    RH: [PEOPLE.rui.email],
    Compras: [PEOPLE.carla.email],
  };
  for (const [name, emails] of Object.entries(members)) {
    const { id, kinds, departamentos } = team(name);
    await send("admin", "PUT", "/api/admin/equipes/{id}", `/api/admin/equipes/${id}`, {
      name,
      kinds,
      departamentos,
      members: emails,
    });
  }
  await send("admin", "POST", "/api/admin/equipes", "/api/admin/equipes", {
    name: "Auditoria",
    kinds: ["material"],
    departamentos: ["Performance"],
    members: [PEOPLE.fabio.email],
  });
  await send("admin", "PUT", "/api/admin/politicas/{tipo}", "/api/admin/politicas/reembolso", {
    thresholdCents: 100_000,
    teamId: team("RH").id,
  });
  await send("admin", "PUT", "/api/admin/politicas/{tipo}", "/api/admin/politicas/bolsa", {
    thresholdCents: 50_000,
    teamId: team("Financeiro").id,
  });
  await send(
    "admin",
    "PUT",
    "/api/admin/limites/{tipo}/{tipoDespesa}",
    "/api/admin/limites/reembolso/transporte",
    {
      limite: 50_000,
    },
  );
  await send("admin", "PUT", "/api/admin/prazos/{tipo}", "/api/admin/prazos/reembolso", { metaHoras: 16 });
  await send("rita", "PUT", "/api/notificacoes/preferencias", "/api/notificacoes/preferencias", {
    novasSolicitacoes: "imediato",
  });
}

function planBody(clienteId: string, temasPilares: string) {
  return {
    clienteId,
    mesReferencia: "11",
    anoReferencia: planYears()[0],
    objetivoPrincipal: ["Geração de leads", "Engajamento"],
    publicoAlvo: "Famílias do bairro, 25 a 45 anos",
    canaisPlataformas: ["Instagram", "LinkedIn"],
    temasPilares,
    eventosDatasComemorativas: "Aniversário da padaria dia 15",
    principaisProdutosServicos: "Pão de fermentação natural",
    tomVoz: ["Acolhedor"],
    tomVozPersonalizado: null,
    observacoesAdicionais: "",
  };
}

/** Clients, Paula's plans (one shared with its client, one private), the administrator's plan and an opening. */
async function seedPlanning(ctx: TestContext, send: Send, seeded: Seeded) {
  const bakery = await send("paula", "POST", "/api/clients", "/api/clients", {
    name: "Padaria Pão Quente",
    segment: "Alimentação",
    website: "https://paoquente.example",
  });
  const clinic = await send("admin", "POST", "/api/clients", "/api/clients", { name: "Clínica Sorriso" });
  const plan = async (who: PersonKey, clientId: unknown, temas: string) => {
    const created = await send(
      who,
      "POST",
      "/api/planejamentos",
      "/api/planejamentos",
      planBody(String(clientId), temas),
    );
    const id = String(created.planejamento_id);
    const detail = await ctx.app.inject({
      url: `/api/planejamentos/${id}`,
      headers: { cookie: seeded.people[who].cookie },
    });
    return detail.json() as {
      id: string;
      version: number;
      content: Record<string, unknown> & { calendario_editorial: { semanas: { posts: { id: string }[] }[] } };
    };
  };
  const shared = await plan("paula", bakery.id, "Pães artesanais");
  const link = await send(
    "paula",
    "POST",
    "/api/planejamentos/{id}/compartilhamento",
    `/api/planejamentos/${shared.id}/compartilhamento`,
    {},
  );
  seeded.sharedPlanId = shared.id;
  seeded.shareToken = new URL(String(link.url)).pathname.split("/").pop()!;
  const post = shared.content.calendario_editorial.semanas.flatMap((w) => w.posts)[0]!;
  await send(
    null,
    "POST",
    "/api/publico/planejamentos/{token}/comentarios",
    `/api/publico/planejamentos/${seeded.shareToken}/comentarios`,
    {
      post_id: post.id,
      nome: "Cliente da Padaria",
      texto: "Gostei deste post",
    },
  );
  const private_ = await plan("paula", bakery.id, "Bastidores plano-privado-1");
  seeded.markers.push({ text: "plano-privado-1", kind: "plan", row: `plans/${private_.id}` });
  const own = await plan("admin", clinic.id, "Sorrisos do mês");
  const saved = await send("admin", "PUT", "/api/planejamentos/{id}", `/api/planejamentos/${own.id}`, {
    version: own.version,
    content: own.content,
  });
  await send("admin", "POST", "/api/planejamentos/{id}/aprovar", `/api/planejamentos/${own.id}/aprovar`, {
    version: saved.version,
  });
  const opening = {
    titulo: "Designer Pleno",
    departamento: "criacao",
    senioridade: "pleno",
    descricao: "Criar peças para as redes sociais dos clientes",
    atividades: ["Criar peças"],
    requisitos: ["Figma"],
    beneficios: ["Vale-refeição"],
  };
  const vaga = await send("admin", "POST", "/api/vagas", "/api/vagas", opening);
  await send("admin", "PUT", "/api/vagas/{id}", `/api/vagas/${vaga.id}`, { ...opening, regime: "clt" });
  await send("admin", "PUT", "/api/clients/{id}", `/api/clients/${clinic.id}`, {
    name: "Clínica Sorriso",
    segment: "Saúde",
  });
  await send("alice", "PATCH", "/api/me", "/api/me", { name: PEOPLE.alice.name });
}
