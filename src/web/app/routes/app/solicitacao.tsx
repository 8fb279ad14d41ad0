import { useQueryClient } from "@tanstack/react-query";
import { useLayoutEffect, useState } from "react";
import { useParams } from "react-router";
import { FIRST_PAGE_DATA_ID } from "@/domain/shell/first-page";
import { requestQueryOptions, useRequest } from "@/web/features/requests/api/get-request";
import { RequestDetailView } from "@/web/features/requests/components/request-detail";
import { useMe } from "@/web/lib/get-me";
import { releasePrerendered } from "@/web/lib/prerendered";

/**
 * The answer the server drew this page with (decision 068), taken once: the app draws the same at
 * once, as the server did, instead of asking for it again first.
 */
function takeDrawnAnswer(): { address: string; data: unknown } | null {
  // The server's own drawing of this page (app/first-pages/prerender-home.tsx) has no document.
  if (typeof document === "undefined") return null;
  const block = document.getElementById(FIRST_PAGE_DATA_ID);
  if (!block) return null;
  block.remove();
  try {
    return JSON.parse(block.textContent ?? "");
  } catch {
    return null;
  }
}

/** One request of the signed-in user; another user's or an unknown one is 'Solicitação não encontrada'. */
export default function SolicitacaoRoute() {
  const { tipo = "", id = "" } = useParams();
  const userId = useMe().data?.user.id ?? "";
  const queryClient = useQueryClient();
  useState(() => {
    const drawn = takeDrawnAnswer();
    if (drawn && userId && drawn.address === window.location.pathname)
      queryClient.setQueryData(requestQueryOptions(userId, tipo, id).queryKey, drawn.data as never);
  });
  // The server drew this page with the request: that copy stays until the app draws the request too
  // (or what it draws instead, not found or an error), in the commit that does.
  const pending = useRequest(tipo, id).isPending;
  useLayoutEffect(() => {
    if (!pending) releasePrerendered();
  }, [pending]);
  return <RequestDetailView key={`${tipo}/${id}`} tipo={tipo} id={id} />;
}
