import { useLayoutEffect } from "react";
import { ReviewQueue } from "@/web/features/requests/components/review-queue";
import { releasePrerendered } from "@/web/lib/prerendered";

/** 'Caixa de entrada' (decision 011): for members of any team that handles requests. */
export default function CaixaRoute() {
  // The server drew this page as its first commit draws it (decision 068); that copy goes in this commit.
  useLayoutEffect(releasePrerendered, []);
  return <ReviewQueue />;
}
