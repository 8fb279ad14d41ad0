import { useLayoutEffect } from "react";
import { RequestList } from "@/web/features/requests/components/request-list";
import { releasePrerendered } from "@/web/lib/prerendered";

/** 'Minhas solicitações' (ours): every request of the signed-in user. */
export default function SolicitacoesRoute() {
  // The server drew this page as its first commit draws it (decision 068); that copy goes in this commit.
  useLayoutEffect(releasePrerendered, []);
  return <RequestList />;
}
