import { BankFilesPanel } from "@/web/features/finance/components/bank-files-panel";
import { RemittanceButton } from "@/web/features/finance/components/remittance-button";
import { PaymentBatchPage } from "@/web/features/requests/components/payment-batch";

/**
 * 'Lote de pagamento' (decision 015): for the teams that pay reimbursements and grants; the chosen
 * payments may also go to the bank in a file, whose return and statement come back here (059).
 */
export default function PaymentBatchRoute() {
  return (
    <div className="flex flex-col gap-6">
      <PaymentBatchPage bankActions={(chosen, done) => <RemittanceButton chosen={chosen} onSent={done} />} />
      <BankFilesPanel />
    </div>
  );
}
