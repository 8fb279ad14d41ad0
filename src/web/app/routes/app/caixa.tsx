import { ReviewQueue } from "@/web/features/requests/components/review-queue";

/** 'Caixa de entrada' (issue 11): for members of any team that handles requests. */
export default function CaixaRoute() {
  return <ReviewQueue />;
}
