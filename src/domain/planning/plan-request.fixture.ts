import type { PlanRequestInput } from "./plan-request.schema";

/** A plan request for November 2026 with every optional answer empty, for the planning tests; `fields` sets the rest. */
export function planRequest(fields: Partial<PlanRequestInput> = {}): PlanRequestInput {
  return {
    clienteId: "cliente-1",
    mesReferencia: "11",
    anoReferencia: "2026",
    objetivoPrincipal: [],
    publicoAlvo: null,
    canaisPlataformas: [],
    temasPilares: null,
    eventosDatasComemorativas: null,
    principaisProdutosServicos: null,
    tomVoz: [],
    tomVozPersonalizado: null,
    observacoesAdicionais: null,
    ...fields,
  };
}
