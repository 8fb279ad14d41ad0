import { ReviewQueue } from "@/web/features/requests/components/review-queue";

/** 'Caixa de entrada' (decision 011): for members of any team that handles requests. */
export default function CaixaRoute() {
  return <ReviewQueue />;
}
