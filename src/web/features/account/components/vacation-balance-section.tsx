import { TreePalm } from "lucide-react";
import { VacationBalanceSummary } from "@/web/components/vacation-balance";
import { useVacationBalance } from "@/web/lib/get-vacation-balance";
import { AccountSection } from "./account-section";

/** 'Saldo de férias' on 'Minha conta' (docs/decisions/060). */
export function VacationBalanceSection() {
  const balance = useVacationBalance();
  return (
    <AccountSection
      id="saldo-ferias"
      icon={TreePalm}
      title="Saldo de férias"
      description="Seus dias de férias por período aquisitivo e a data até a qual devem ser tirados."
    >
      <div className="px-5 py-5 sm:px-8">
        {balance.data ? (
          <VacationBalanceSummary balance={balance.data} />
        ) : (
          <p className="text-sm text-muted-foreground">
            {balance.isError ? "Não foi possível carregar o saldo de férias." : "Carregando…"}
          </p>
        )}
      </div>
    </AccountSection>
  );
}
