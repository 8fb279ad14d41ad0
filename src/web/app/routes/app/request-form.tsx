import { useMatches } from "react-router";
import { isRequestKind } from "@/domain/requests/kinds";
import { RequestForm } from "@/web/features/requests/components/request-form";
import { REQUEST_FORMS } from "@/web/features/requests/components/request-forms";
import { useMe } from "@/web/lib/get-me";

/** The kind a request form's route carries (router.tsx makes one route per registry entry). */
export type RequestFormHandle = { requestKind: string };

/**
 * Spec §2 /reembolso, /bolsa-capacitacao, /material, /seo, /suporte: one page
 * for every kind, at the registry's `formPath`, drawing the kind's declared form.
 */
export default function RequestFormRoute() {
  const handle = useMatches().at(-1)?.handle as RequestFormHandle | undefined;
  const { data } = useMe();
  const kind = handle?.requestKind;
  if (!data || !isRequestKind(kind)) return null;
  return <RequestForm key={kind} declaration={REQUEST_FORMS[kind]} user={data.user} />;
}
