import { todayInSaoPaulo } from "@/domain/dates";
import { planYears } from "@/domain/planning/options";
import { signedInUser } from "../auth-helpers";
import { multipartBody, SAMPLE_PDF, SAMPLE_PNG } from "../multipart";
import type { TestContext } from "../test-app";
import type { Examples } from "./call-arbitrary";
import type { Marker } from "./ownership";

/*
 * The fuzzer's data, made through the API as people would: two requesters with requests of
 * every kind (with files), moved by reviewers who are not fuzzed, comments and an internal
 * note, second-approval policies, a team of the administrator's, clients, plans (one shared
 * with its client, one private), a job opening. Each body sent is kept as an example the
 * fuzzer starts from (examples.ts); texts only some people may read carry markers.
 */

export const PEOPLE = {
  alice: { email: "alice@agencia.digital", name: "Alice Andrade" },
  bob: { email: "bruno@agencia.digital", name: "Bruno Barros" },
  rita: { email: "rita@agencia.digital", name: "Rita Revisora" },
  fabio: { email: "fabio@agencia.digital", name: "Fábio Financeiro" },
  rui: { email: "rui@agencia.digital", name: "Rui Recursos" },
  carla: { email: "carla@agencia.digital", name: "Carla Compras" },
  admin: { email: "admin@agencia.digital", name: "Ana Administradora" },
  paula: { email: "planejamento@agencia.digital", name: "Paula Planejadora" },
} as const;

export type PersonKey = keyof typeof PEOPLE;

/** The app's configuration for the fuzzer: who administers and who manages openings and plans. */
export const FUZZ_ENV = {
  ADMIN_EMAILS: PEOPLE.admin.email,
  PLANNING_MANAGERS: `${PEOPLE.paula.email},${PEOPLE.admin.email}`,
  VAGAS_MANAGERS: `vagas@agencia.digital,${PEOPLE.admin.email}`,
};

export type Seeded = {
  people: Record<PersonKey, { userId: string; cookie: string }>;
  examples: Examples;
  markers: Marker[];
  sharedPlanId: string;
  shareToken: string;
};

const MARKER = /sigilo-[\w-]+|nota-interna-\d+|plano-privado-\d+/g;

type Send = (
  who: PersonKey | null,
  method: "POST" | "PUT" | "PATCH",
  template: string,
  url: string,
  body: Record<string, unknown>,
  multipart?: { files: { name: string; type: string; content: Uint8Array | string }[] },
) => Promise<Record<string, unknown>>;

function sender(ctx: TestContext, seeded: Seeded): Send {
  return async (who, method, template, url, body, multipart) => {
    const cookie = who ? { cookie: seeded.people[who].cookie } : {};
    const key = `${method} ${template}`;
    const entry = seeded.examples.get(key) ?? {};
    seeded.examples.set(key, entry);
    // Kept without markers: a call made from an example must not carry a text its actor may not read.
    const example = JSON.parse(JSON.stringify(body).replace(MARKER, "texto comum"));
    let answer: Awaited<ReturnType<TestContext["app"]["inject"]>>;
    if (multipart) {
      const form = await multipartBody(body as Record<string, string>, multipart.files);
      answer = await ctx.app.inject({
        method,
        url,
        headers: { ...cookie, ...form.headers },
        payload: form.payload,
      });
      entry.multipart = [...(entry.multipart ?? []), example];
    } else {
      answer = await ctx.app.inject({ method, url, headers: cookie, payload: body });
      entry.json = [...(entry.json ?? []), example];
    }
    if (answer.statusCode >= 300)
      throw new Error(`seed: ${key} answered ${answer.statusCode}: ${answer.body}`);
    return answer.body ? (answer.json() as Record<string, unknown>) : {};
  };
}

export async function seedData(ctx: TestContext): Promise<Seeded> {
  const seeded: Seeded = {
    people: {} as Seeded["people"],
    examples: new Map(),
    markers: [],
    sharedPlanId: "",
    shareToken: "",
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

type SeededRequest = { kind: string; id: string };

async function seedRequests(send: Send, seeded: Seeded) {
  const made: Record<string, SeededRequest> = {};
  const today = todayInSaoPaulo();
  for (const who of ["alice", "bob"] as const) {
    const mark = (kind: string, n = 1) => {
      const text = `sigilo-${who}-${kind}-${n}`;
      return text;
    };
    const files: { name: string; type: string; content: Uint8Array | string }[] = [
      { name: "recibo.pdf", type: "application/pdf", content: SAMPLE_PDF },
    ];
    const create = async (
      label: string,
      kind: string,
      path: string,
      body: Record<string, unknown>,
      withFiles?: typeof files,
    ) => {
      const answer = await send(who, "POST", path, path, body, withFiles ? { files: withFiles } : undefined);
      made[`${who}:${label}`] = { kind, id: String(answer.id) };
      const text = JSON.stringify(body).match(MARKER)?.[0];
      if (text) seeded.markers.push({ text, kind: "request", row: `request/${kind}:${answer.id}` });
    };
    await create(
      "reembolso",
      "reembolso",
      "/api/solicitacoes/reembolso",
      {
        data: today,
        tipo: "transporte",
        valor: "R$ 150,00",
        centroCusto: "marketing",
        chavePix: "529.982.247-25",
        descricao: `Táxi ${mark("reembolso")}`,
      },
      files,
    );
    await create(
      "reembolso-alto",
      "reembolso",
      "/api/solicitacoes/reembolso",
      {
        data: today,
        tipo: "hospedagem",
        valor: "R$ 1.500,00",
        centroCusto: "comercial",
        descricao: `Hotel ${mark("reembolso", 2)}`,
      },
      [...files, { name: "foto.png", type: "image/png", content: SAMPLE_PNG }],
    );
    await create(
      "bolsa",
      "bolsa",
      "/api/solicitacoes/bolsa-capacitacao",
      {
        titulo: `Curso ${mark("bolsa")}`,
        tipo: "Cursos",
        valor: "R$ 800,00",
        linkPlataforma: "https://cursos.example/react",
        chavePix: `${who}@agencia.digital`,
        valorAgregado: "Aplicar nos projetos dos clientes",
      },
      files,
    );
    await create("material", "material", "/api/solicitacoes/material", {
      nome: PEOPLE[who].name,
      descricao: `Monitor ${mark("material")}`,
      motivo: "Tela atual quebrou",
      quantidade: 1,
      urgencia: "media",
    });
    for (const departamento of ["Financeiro", "RH"]) {
      await create(`suporte-${departamento}`, "suporte", "/api/solicitacoes/suporte", {
        departamento,
        assunto: `Acesso ${mark(`suporte-${departamento}`)}`,
        descricao: "Preciso de acesso ao sistema de ponto.",
        prioridade: "alta",
      });
    }
    await create("seo", "seo", "/api/solicitacoes/seo", {
      url: `https://site.example/${mark("seo")}`,
      tipoAnalise: "analise-conteudo",
    });
  }
  return made;
}

/** Moves and comments by reviewers who are not fuzzed: requests in several states, an internal note. */
async function seedMoves(send: Send, seeded: Seeded, made: Record<string, SeededRequest>) {
  const act = async (who: PersonKey, request: string, body: Record<string, unknown>) => {
    const { kind, id } = made[request]!;
    await send(
      who,
      "POST",
      "/api/solicitacoes/{tipo}/{id}/acoes",
      `/api/solicitacoes/${kind}/${id}/acoes`,
      body,
    );
  };
  const comment = async (who: PersonKey, request: string, texto: string, interno = false) => {
    const { kind, id } = made[request]!;
    await send(
      who,
      "POST",
      "/api/solicitacoes/{tipo}/{id}/comentarios",
      `/api/solicitacoes/${kind}/${id}/comentarios`,
      {
        texto,
        interno,
      },
    );
    const note = texto.match(MARKER)?.[0];
    if (note) seeded.markers.push({ text: note, kind: "internal-note", row: `request/${kind}:${id}` });
  };
  for (const request of [
    "bob:reembolso",
    "bob:reembolso-alto",
    "alice:reembolso",
    "alice:suporte-Financeiro",
  ]) {
    await act("fabio", request, { acao: "assumir" });
  }
  await act("fabio", "bob:reembolso", {
    acao: "aprovar",
    valorAprovado: 12_000,
    motivo: "Acima da tabela de táxi",
    confirmarAlertas: true,
  });
  await act("fabio", "bob:reembolso", {
    acao: "marcar_pago",
    pagoEm: todayInSaoPaulo(),
    formaPagamento: "pix",
  });
  await act("fabio", "bob:reembolso-alto", { acao: "aprovar", confirmarAlertas: true });
  await act("fabio", "alice:reembolso", { acao: "pedir_ajuste", motivo: "Falta o recibo legível" });
  await act("fabio", "alice:suporte-Financeiro", { acao: "pedir_informacao", motivo: "Qual sistema?" });
  await act("rui", "bob:bolsa", { acao: "assumir" });
  await act("rui", "bob:bolsa", { acao: "aprovar", confirmarAlertas: true });
  await act("carla", "bob:material", { acao: "assumir" });
  await comment("fabio", "bob:reembolso-alto", "Conferir nota-interna-1 com a política", true);
  await comment("fabio", "alice:reembolso", "Recibo ilegível: nota-interna-2", true);
  await comment("bob", "bob:reembolso-alto", "Segue o recibo do hotel");
  await comment("alice", "alice:suporte-Financeiro", "É o sistema de ponto");
  await comment("fabio", "alice:reembolso", "Pode enviar de novo?");
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
  await send("admin", "POST", "/api/vagas", "/api/vagas", {
    titulo: "Designer Pleno",
    departamento: "criacao",
    senioridade: "pleno",
    descricao: "Criar peças para as redes sociais dos clientes",
    atividades: ["Criar peças"],
    requisitos: ["Figma"],
    beneficios: ["Vale-refeição"],
  });
  await send("alice", "PATCH", "/api/me", "/api/me", { name: PEOPLE.alice.name });
}
