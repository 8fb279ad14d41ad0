import { HourBankPage } from "@/web/features/hour-bank/components/hour-bank-page";

/** 'Banco de horas' (docs/decisions/060): behind RequireAccess(["admin", "rh", "caixa"]) in the router. */
export default function BancoDeHorasRoute() {
  return <HourBankPage />;
}
