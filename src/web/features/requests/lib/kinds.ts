import { isRequestKind, REQUEST_KIND_REGISTRY } from "@/domain/requests/kinds";

export { isRequestKind } from "@/domain/requests/kinds";

/** The form page of a request kind (and so its menu icon, config/nav-icons.ts). */
export function kindFormPath(kind: string): string | undefined {
  return isRequestKind(kind) ? REQUEST_KIND_REGISTRY[kind].formPath : undefined;
}

export function kindLabel(kind: string): string {
  return isRequestKind(kind) ? REQUEST_KIND_REGISTRY[kind].label : kind;
}
