import type { Resolver } from "react-hook-form";
import type { PlanRequestFormValues, PlanRequestInput } from "@/domain/planning/plan-request.schema";

/**
 * The plan form while it is filled in: the month starts empty, which the
 * schema's enum type does not admit, so the form holds plain text and the
 * schema (through the resolver) decides what is valid.
 */
export type PlanRequestDraft = Omit<PlanRequestFormValues, "mesReferencia" | "anoReferencia"> & {
  mesReferencia: string;
  anoReferencia: string;
};

export type PlanRequestResolver = Resolver<PlanRequestDraft, unknown, PlanRequestInput>;

export const emptyPlanRequest: PlanRequestDraft = {
  clienteId: "",
  mesReferencia: "",
  anoReferencia: "",
  objetivoPrincipal: [],
  publicoAlvo: "",
  canaisPlataformas: [],
  temasPilares: "",
  eventosDatasComemorativas: "",
  principaisProdutosServicos: "",
  tomVoz: [],
  tomVozPersonalizado: "",
  observacoesAdicionais: "",
};

/** The form's fields in screen order: the first one the server refuses gets the focus. */
export const PLAN_REQUEST_FIELDS = [
  "clienteId",
  "mesReferencia",
  "anoReferencia",
  "objetivoPrincipal",
  "publicoAlvo",
  "canaisPlataformas",
  "temasPilares",
  "eventosDatasComemorativas",
  "principaisProdutosServicos",
  "tomVoz",
  "tomVozPersonalizado",
  "observacoesAdicionais",
] as const satisfies readonly (keyof PlanRequestDraft)[];
