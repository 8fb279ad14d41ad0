import type { RequestKind } from "@/domain/requests/kinds";
import { RequestForm } from "@/web/features/requests/components/request-form";
import { REQUEST_FORMS } from "@/web/features/requests/components/request-forms";
import { useMe } from "@/web/lib/get-me";

/**
 * Spec §2 /reembolso, /bolsa-capacitacao, /material, /seo, /suporte: one page
 * for every kind, at the registry's `formPath` (router.tsx makes one route per kind and
 * names the kind), drawing the kind's declared form.
 */
export default function RequestFormRoute({ kind }: { kind: RequestKind }) {
  const { data } = useMe();
  if (!data) return null;
  return <RequestForm key={kind} declaration={REQUEST_FORMS[kind]} user={data.user} />;
}
