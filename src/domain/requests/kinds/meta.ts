import { adiantamentoMeta } from "./adiantamento/meta";
import { ausenciaMeta } from "./ausencia/meta";
import { bolsaMeta } from "./bolsa/meta";
import type { KindMeta } from "./kind-meta";
import { materialMeta } from "./material/meta";
import { reembolsoMeta } from "./reembolso/meta";
import { seoMeta } from "./seo/meta";
import { suporteMeta } from "./suporte/meta";

/**
 * Every request kind's meta, in the sidebar's order (spec §2): what the menu,
 * the router, the icons, the charts and the export need, without the rules.
 * `index.ts` holds the full definitions, under the same keys.
 */
export const REQUEST_KIND_META = {
  reembolso: reembolsoMeta,
  bolsa: bolsaMeta,
  material: materialMeta,
  suporte: suporteMeta,
  seo: seoMeta,
  ausencia: ausenciaMeta,
  adiantamento: adiantamentoMeta,
} as const;

export type RequestKindName = keyof typeof REQUEST_KIND_META;
export const KIND_NAMES = Object.keys(REQUEST_KIND_META) as RequestKindName[];

/** A kind's meta, typed loosely: for code that treats every kind alike. */
export function kindMeta(kind: RequestKindName): KindMeta<RequestKindName> {
  return REQUEST_KIND_META[kind] as KindMeta<RequestKindName>;
}
