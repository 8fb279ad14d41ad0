import { PayingAccountPage } from "@/web/features/finance/components/paying-account-page";

/** 'Conta pagadora' (docs/decisions/059): administrators only (the server checks again). */
export default function PayingAccountRoute() {
  return <PayingAccountPage />;
}
