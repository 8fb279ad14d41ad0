import { adiantamento } from "./adiantamento";
import { ausencia } from "./ausencia";
import { bolsa } from "./bolsa";
import type { RequestKindDefinition } from "./definition";
import { material } from "./material";
import type { RequestKindName } from "./meta";
import { reembolso } from "./reembolso";
import { seo } from "./seo";
import { suporte } from "./suporte";

/** Every request kind's definition, under the keys and in the order of its meta (`meta.ts`). */
export const REQUEST_KIND_REGISTRY = {
  reembolso,
  bolsa,
  material,
  suporte,
  seo,
  ausencia,
  adiantamento,
} as const satisfies {
  [K in RequestKindName]: { kind: K };
};

export type RequestKind = keyof typeof REQUEST_KIND_REGISTRY;
export const REQUEST_KINDS = Object.keys(REQUEST_KIND_REGISTRY) as RequestKind[];

export function isRequestKind(value: unknown): value is RequestKind {
  return typeof value === "string" && Object.hasOwn(REQUEST_KIND_REGISTRY, value);
}

/** The entry of `kind`, typed loosely: for code that treats every kind alike. */
export function requestKind(kind: RequestKind): RequestKindDefinition<RequestKind> {
  return REQUEST_KIND_REGISTRY[kind] as unknown as RequestKindDefinition<RequestKind>;
}

/** How each kind is named in listings; 'Análise de páginas' as in the sidebar (spec §2). */
export const REQUEST_TYPE_LABELS = Object.fromEntries(
  REQUEST_KINDS.map((kind) => [kind, REQUEST_KIND_REGISTRY[kind].label]),
) as Record<RequestKind, string>;

export type { RequestKindDefinition } from "./definition";
