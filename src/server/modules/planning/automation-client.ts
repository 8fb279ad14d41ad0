import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { PlanRequestInput } from "@/domain/planning/plan-request.schema";
import { OutboundError, type OutboundResponse, outboundRequest } from "../../http/outbound";
import { webhookHeaders } from "../../outbox/signature";

/**
 * The largest plan we take, whether in the generator's answer or in its
 * callback (the callback route's body limit): far above a real month's plan
 * (tens of KiB), and about the most the plan schema's limits allow.
 */
export const PLAN_ANSWER_MAX_BYTES = 4 * 1024 * 1024;

/** The client as the plan request of spec §3 names it (cliente_completo). */
export type ClientRow = {
  id: string;
  name: string;
  segment: string | null;
  marketType: string | null;
  voiceTone: string | null;
  personaBrief: string | null;
  notes: string | null;
  website: string | null;
  instagramUrl: string | null;
  facebookUrl: string | null;
  linkedinUrl: string | null;
  youtubeUrl: string | null;
  createdAt: Date;
};

/**
 * Spec §3 Plan request, as the original client sent it (empty text as ''),
 * plus what lets the automation answer later: planejamento_id and callback_url.
 */
export function planRequestPayload(input: {
  request: PlanRequestInput;
  client: ClientRow;
  planId: string;
  callbackUrl: string;
  now?: Date;
}) {
  const { request, client } = input;
  return {
    cliente: client.name,
    mesReferencia: request.mesReferencia,
    anoReferencia: request.anoReferencia,
    objetivoPrincipal: request.objetivoPrincipal,
    publicoAlvo: request.publicoAlvo ?? "",
    canaisPlataformas: request.canaisPlataformas,
    temasPilares: request.temasPilares ?? "",
    eventosDatasComemorativas: request.eventosDatasComemorativas ?? "",
    principaisProdutosServicos: request.principaisProdutosServicos ?? "",
    tomVoz: request.tomVoz,
    tomVozPersonalizado: request.tomVozPersonalizado ?? "",
    observacoesAdicionais: request.observacoesAdicionais ?? "",
    cliente_completo: {
      id: client.id,
      nome: client.name,
      segmento: client.segment ?? "",
      tipo_mercado: client.marketType ?? "",
      tom_voz_cliente: client.voiceTone ?? "",
      persona_brief: client.personaBrief ?? "",
      observacoes_cliente: client.notes ?? "",
      website: client.website ?? "",
      instagram: client.instagramUrl ?? "",
      facebook: client.facebookUrl ?? "",
      linkedin: client.linkedinUrl ?? "",
      youtube: client.youtubeUrl ?? "",
      data_criacao: client.createdAt.toISOString(),
    },
    timestamp: (input.now ?? new Date()).toISOString(),
    source: "balcao",
    planejamento_id: input.planId,
    callback_url: input.callbackUrl,
  };
}

/** What the automation's answer meant. */
export type AutomationAnswer =
  | { kind: "content"; content: unknown }
  | { kind: "accepted" }
  | { kind: "failed"; reason: string };

const CONTENT_KEYS = ["insights_gerais", "content_pillars", "calendario_editorial", "experimentos"];

function contentIn(body: Record<string, unknown>): unknown {
  for (const key of ["content", "planejamento", "plano"]) {
    const inner = body[key];
    if (inner && typeof inner === "object" && CONTENT_KEYS.some((k) => k in inner)) return inner;
  }
  return CONTENT_KEYS.some((key) => key in body) ? body : undefined;
}

/**
 * POSTs the plan request to PLAN_GENERATOR_URL, signed like our webhooks
 * (Standard Webhooks), and reads the answer: the plan itself, an
 * acknowledgement (the content will come to the callback), or a failure.
 */
export function createAutomationClient(config: {
  url: string;
  timeoutSeconds: number;
  secret: string;
  log: FastifyBaseLogger;
}) {
  async function requestPlan(payload: ReturnType<typeof planRequestPayload>): Promise<AutomationAnswer> {
    const body = JSON.stringify(payload);
    let response: OutboundResponse;
    try {
      response = await outboundRequest({
        url: config.url,
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          ...webhookHeaders(config.secret, `msg_${randomUUID()}`, body),
        },
        body,
        timeoutMs: config.timeoutSeconds * 1000,
        maxResponseBytes: PLAN_ANSWER_MAX_BYTES,
      });
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      return { kind: "failed", reason: err.kind === "timeout" ? "timeout" : `${err.kind}: ${err.message}` };
    }
    const { text } = response;
    if (!response.ok) return { kind: "failed", reason: `HTTP ${response.status}` };
    let answer: unknown;
    try {
      answer = text.trim() === "" ? {} : JSON.parse(text);
    } catch {
      return { kind: "failed", reason: "answer is not JSON" };
    }
    if (!answer || typeof answer !== "object" || Array.isArray(answer)) {
      return { kind: "failed", reason: "answer is not a JSON object" };
    }
    const record = answer as Record<string, unknown>;
    const content = contentIn(record);
    if (content !== undefined) return { kind: "content", content };
    if (record.success === false) return { kind: "failed", reason: "the automation answered success: false" };
    return { kind: "accepted" };
  }

  return { requestPlan };
}

export type AutomationClient = ReturnType<typeof createAutomationClient>;
