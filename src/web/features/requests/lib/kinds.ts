import { REQUEST_KINDS, REQUEST_TYPE_LABELS, type RequestKind } from "@/domain/requests/messages";
import { paths } from "@/web/config/paths";

/** The form of each request kind: its page (and so its menu icon, config/nav-icons.ts). */
export const KIND_FORM_PATHS = {
  reembolso: paths.app.reembolso.path,
  bolsa: paths.app.bolsaCapacitacao.path,
  material: paths.app.material.path,
  suporte: paths.app.suporte.path,
  seo: paths.app.seo.path,
} as const satisfies Record<RequestKind, string>;

export function isRequestKind(value: string | undefined): value is RequestKind {
  return (REQUEST_KINDS as readonly string[]).includes(value ?? "");
}

export function kindLabel(kind: string): string {
  return isRequestKind(kind) ? REQUEST_TYPE_LABELS[kind] : kind;
}
