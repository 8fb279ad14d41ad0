import { todayInSaoPaulo } from "@/domain/dates";
import { ACTION_FILE_FIELD } from "@/domain/requests/workflow";
import { SAMPLE_PDF, SAMPLE_PNG } from "../multipart";
import { MARKER, PEOPLE, type PersonKey, type Seeded, type Send } from "./seed-send";

/*
 * The seed's requests: one of every kind (and a second reimbursement, above the second-approval
 * policy) by each requester, with files, their texts marked; then moved into several states, and
 * commented on, by reviewers who are not fuzzed.
 */

type SeededRequest = { kind: string; id: string };
type File = { name: string; type: string; content: Uint8Array | string };
type Planned = { label: string; kind: string; path: string; body: Record<string, unknown>; files?: File[] };

const RECEIPT: File = { name: "recibo.pdf", type: "application/pdf", content: SAMPLE_PDF };
const PHOTO: File = { name: "foto.png", type: "image/png", content: SAMPLE_PNG };

/** What `who` sends: every kind, valid as the forms send it, each text marked as theirs. */
function requestsOf(who: "alice" | "bob"): Planned[] {
  const mark = (label: string) => `sigilo-${label}-${who}`;
  const today = todayInSaoPaulo();
  const reembolso = (label: string, body: Record<string, unknown>, files: File[]): Planned => ({
    label,
    kind: "reembolso",
    path: "/api/solicitacoes/reembolso",
    body: { data: today, ...body },
    files,
  });
  const suporte = (departamento: string): Planned => ({
    label: `suporte-${departamento}`,
    kind: "suporte",
    path: "/api/solicitacoes/suporte",
    body: {
      departamento,
      assunto: `Acesso ${mark(`suporte-${departamento}`)}`,
      descricao: "Preciso de acesso ao sistema de ponto.",
      prioridade: "alta",
    },
  });
  return [
    reembolso(
      "reembolso",
      { tipo: "transporte", valor: "R$ 150,00", centroCusto: "marketing", chavePix: "529.982.247-25" },
      [RECEIPT],
    ),
    reembolso("reembolso-alto", { tipo: "hospedagem", valor: "R$ 1.500,00", centroCusto: "comercial" }, [
      RECEIPT,
      PHOTO,
    ]),
    {
      label: "bolsa",
      kind: "bolsa",
      path: "/api/solicitacoes/bolsa-capacitacao",
      body: {
        titulo: `Curso ${mark("bolsa")}`,
        tipo: "Cursos",
        valor: "R$ 800,00",
        linkPlataforma: "https://cursos.example/react",
        chavePix: `${who}@agencia.digital`,
        valorAgregado: "Aplicar nos projetos dos clientes",
      },
      files: [RECEIPT],
    },
    {
      label: "material",
      kind: "material",
      path: "/api/solicitacoes/material",
      body: {
        nome: PEOPLE[who].name,
        descricao: `Monitor ${mark("material")}`,
        motivo: "Tela atual quebrou",
        quantidade: 1,
        urgencia: "media",
      },
    },
    suporte("Financeiro"),
    suporte("RH"),
    {
      label: "seo",
      kind: "seo",
      path: "/api/solicitacoes/seo",
      body: { url: `https://site.example/${mark("seo")}`, tipoAnalise: "analise-conteudo" },
    },
  ].map((planned) =>
    planned.kind === "reembolso"
      ? { ...planned, body: { ...planned.body, descricao: `Despesa ${mark(planned.label)}` } }
      : planned,
  );
}

export async function seedRequests(send: Send, seeded: Seeded) {
  const made: Record<string, SeededRequest> = {};
  for (const who of ["alice", "bob"] as const) {
    for (const { label, kind, path, body, files } of requestsOf(who)) {
      const answer = await send(who, "POST", path, path, body, files ? { files } : undefined);
      made[`${who}:${label}`] = { kind, id: String(answer.id) };
      const text = JSON.stringify(body).match(MARKER)?.[0];
      if (text) seeded.markers.push({ text, kind: "request", row: `request/${kind}:${answer.id}` });
    }
  }
  return made;
}

/** Moves and comments by reviewers who are not fuzzed: requests in several states, an internal note. */
export async function seedMoves(send: Send, seeded: Seeded, made: Record<string, SeededRequest>) {
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
  // Paid with the proof attached: a file of Fábio's on Bruno's request.
  const paid = made["bob:reembolso"]!;
  await send(
    "fabio",
    "POST",
    "/api/solicitacoes/{tipo}/{id}/acoes",
    `/api/solicitacoes/${paid.kind}/${paid.id}/acoes`,
    { acao: "marcar_pago", pagoEm: todayInSaoPaulo(), formaPagamento: "pix" },
    { files: [{ ...RECEIPT, field: ACTION_FILE_FIELD }] },
  );
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
  await seedEdits(send, made, act);
}

/**
 * 'Editar e reenviar' by Alice of a reimbursement (multipart) and of a material request (JSON),
 * each sent back again afterwards: examples of both edits, and two requests she may edit still.
 */
async function seedEdits(
  send: Send,
  made: Record<string, SeededRequest>,
  act: (who: PersonKey, request: string, body: Record<string, unknown>) => Promise<void>,
) {
  const reembolso = made["alice:reembolso"]!;
  await send(
    "alice",
    "PUT",
    "/api/solicitacoes/reembolso/{id}",
    `/api/solicitacoes/reembolso/${reembolso.id}`,
    {
      data: todayInSaoPaulo(),
      tipo: "transporte",
      valor: "R$ 140,00",
      centroCusto: "marketing",
      descricao: "Táxi de volta do cliente",
    },
    { files: [RECEIPT] },
  );
  await act("carla", "alice:material", { acao: "assumir" });
  await act("carla", "alice:material", { acao: "pedir_ajuste", motivo: "Qual modelo?" });
  const material = made["alice:material"]!;
  await send("alice", "PUT", "/api/solicitacoes/material/{id}", `/api/solicitacoes/material/${material.id}`, {
    nome: PEOPLE.alice.name,
    descricao: "Monitor de 27 polegadas",
    motivo: "Tela atual quebrou",
    quantidade: 1,
    urgencia: "alta",
  });
  for (const [who, request] of [
    ["fabio", "alice:reembolso"],
    ["carla", "alice:material"],
  ] as const) {
    await act(who, request, { acao: "assumir" });
    await act(who, request, { acao: "pedir_ajuste", motivo: "Falta um detalhe" });
  }
}
