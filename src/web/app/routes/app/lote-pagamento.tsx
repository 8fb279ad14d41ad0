import { PaymentBatchPage } from "@/web/features/requests/components/payment-batch";

/** 'Lote de pagamento' (decision 015): for the teams that pay reimbursements and grants. */
export default function PaymentBatchRoute() {
  return <PaymentBatchPage />;
}
