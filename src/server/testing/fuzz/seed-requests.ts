import { todayInSaoPaulo } from "@/domain/dates";
import { REQUEST_KINDS, type RequestKind, requestKind } from "@/domain/requests/kinds";
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

/** A file of each the kind needs, as its form would bring them (a receipt PDF, else a photo). */
function filesOf(kind: RequestKind): File[] | undefined {
  const attachments = requestKind(kind).attachments;
  if (!attachments) return undefined;
  const file = attachments.rules.fileKinds.includes("pdf") ? RECEIPT : PHOTO;
  return Array.from({ length: Math.max(1, attachments.rules.min) }, () => file);
}

/**
 * What `who` sends: one of every kind, its sample (<kind>/sample.ts) as the form sends it, each text
 * marked as theirs; and a reimbursement above the second-approval policy, and a second ticket to
 * another department.
 */
function requestsOf(who: "alice" | "bob"): Planned[] {
  const mark = (label: string) => `sigilo-${label}-${who}`;
  const today = todayInSaoPaulo();
  const { name, email } = PEOPLE[who];
  const planned = (label: string, kind: RequestKind, n: number, fields: Record<string, unknown> = {}) => ({
    label,
    kind,
    path: `/api/solicitacoes/${requestKind(kind).slug}`,
    body: { ...requestKind(kind).sample.body({ n, name, email, today, mark: mark(label) }), ...fields },
    files: filesOf(kind),
  });
  return [
    ...REQUEST_KINDS.map((kind) => planned(kind, kind, 0)),
    planned("reembolso-alto", "reembolso", 1, { valor: "R$ 1.500,00", chavePix: "" }),
    planned("suporte-RH", "suporte", 0, { departamento: "RH" }),
  ];
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
  for (const request of ["bob:reembolso", "bob:reembolso-alto", "alice:reembolso", "alice:suporte"]) {
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
  await act("fabio", "alice:suporte", { acao: "pedir_informacao", motivo: "Qual sistema?" });
  await act("rui", "bob:bolsa", { acao: "assumir" });
  await act("rui", "bob:bolsa", { acao: "aprovar", confirmarAlertas: true });
  await act("carla", "bob:material", { acao: "assumir" });
  await comment("fabio", "bob:reembolso-alto", "Conferir nota-interna-1 com a política", true);
  await comment("fabio", "alice:reembolso", "Recibo ilegível: nota-interna-2", true);
  await comment("bob", "bob:reembolso-alto", "Segue o recibo do hotel");
  await comment("alice", "alice:suporte", "É o sistema de ponto");
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
