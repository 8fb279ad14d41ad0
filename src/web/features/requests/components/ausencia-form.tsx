import { CalendarOff } from "lucide-react";
import { isIsoDate, todayInSaoPaulo } from "@/domain/dates";
import {
  ABSENCE_TYPE_OPTIONS,
  AUSENCIA_ATTACHMENTS,
  absenceDateWindow,
  periodError,
  VACATION,
} from "@/domain/requests/kinds/ausencia";
import { businessDaysInPeriod } from "@/domain/sla/business-hours";
import { accountNameField } from "@/web/components/form/account-name-hint";
import { VacationBalanceSummary } from "@/web/components/vacation-balance";
import { useVacationBalance } from "@/web/lib/get-vacation-balance";
import { withKindLabels } from "../lib/kind-labels";
import { HourBankNotice } from "./hour-bank-notice";
import type { RequestFormDeclaration } from "./request-form";

/** The working days of the period as it is being chosen, counted as the server will count them. */
function WorkingDays({ first, last }: { first: unknown; last: unknown }) {
  if (typeof first !== "string" || typeof last !== "string" || !isIsoDate(first) || !isIsoDate(last))
    return null;
  if (periodError(first, last)) return null;
  const days = businessDaysInPeriod(first, last);
  return (
    <p id="ausencia-dias-uteis" className="text-sm text-muted-foreground sm:col-span-2" aria-live="polite">
      {days === 1 ? "1 dia útil" : `${days} dias úteis`}, sem fins de semana e feriados.
    </p>
  );
}

/** 'Saldo de férias' while the type is Férias (docs/decisions/060): the server judges with the same balance. */
function VacationBalanceNote({ tipo }: { tipo: unknown }) {
  const isVacation = tipo === VACATION;
  const balance = useVacationBalance(isVacation);
  if (!isVacation || !balance.data) return null;
  return (
    <section aria-label="Saldo de férias" className="rounded-lg border bg-muted/40 px-4 py-3 sm:col-span-2">
      <h3 className="mb-1 text-sm font-semibold">Saldo de férias</h3>
      <VacationBalanceSummary balance={balance.data} compact />
    </section>
  );
}

/** An absence for RH: the type, the period and, for a medical leave, the certificate. */
export const ausenciaForm: RequestFormDeclaration = {
  kind: "ausencia",
  title: "Ausência",
  description:
    "Peça férias, folga, licença ou banco de horas. O RH analisa e, aprovada, ela aparece em 'Quem está fora'.",
  icon: CalendarOff,
  name: "Solicitação de ausência",
  fields: withKindLabels("ausencia", [
    accountNameField("nome", { required: true, wide: true }),
    {
      type: "select",
      name: "tipo",
      required: true,
      wide: true,
      options: ABSENCE_TYPE_OPTIONS,
      placeholder: "Selecione o tipo de ausência",
    },
    {
      type: "derived",
      key: "saldo-ferias",
      from: ["tipo"],
      render: ([tipo]) => <VacationBalanceNote tipo={tipo} />,
    },
    {
      type: "date",
      name: "primeiroDia",
      required: true,
      today: todayInSaoPaulo,
      window: absenceDateWindow,
      calendarLabel: "Escolha o primeiro dia",
    },
    {
      type: "date",
      name: "ultimoDia",
      required: true,
      today: todayInSaoPaulo,
      window: absenceDateWindow,
      calendarLabel: "Escolha o último dia",
    },
    {
      type: "derived",
      key: "dias-uteis",
      from: ["primeiroDia", "ultimoDia"],
      render: ([first, last]) => <WorkingDays first={first} last={last} />,
    },
    {
      type: "derived",
      key: "banco-de-horas",
      from: ["tipo", "primeiroDia", "ultimoDia"],
      render: ([tipo, first, last]) => <HourBankNotice tipo={tipo} first={first} last={last} />,
    },
    {
      type: "text",
      name: "diasVendidos",
      label: "Vender 1/3 das férias (dias)",
      input: "quantity",
      attrs: { min: 0, max: 10 },
      placeholder: "0",
      hint: "Abono pecuniário: até 1/3 das férias (10 dias de 30), uma vez por período, pedido até 15 dias antes do fim do período aquisitivo.",
      shownWhen: { field: "tipo", test: (tipo) => tipo === VACATION },
    },
    {
      type: "textarea",
      name: "observacao",
      label: "Observação (opcional)",
      wide: true,
      rows: 3,
      placeholder: "Algo que o RH deva saber",
    },
    {
      type: "file",
      name: "anexo",
      label: "Atestado ou documento",
      hint: "Obrigatório para licença médica · PDF, JPG ou PNG · até 3 arquivos de 10MB",
      wide: true,
      rules: AUSENCIA_ATTACHMENTS,
      prompt: "Escolha os arquivos",
    },
  ]),
};
