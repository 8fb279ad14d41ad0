import { z } from "zod";
import { addDays, isIsoDate, todayInSaoPaulo } from "../dates";

/*
 * 'Banco de horas' over HTTP (docs/decisions/060): a person's own balance, RH's
 * list of balances, and a credit. Debits are not written: they are the approved 'Banco de horas'
 * absences, read when the balance is asked.
 */

/** How far back a credit may be dated: the overtime of the past year. */
export const CREDIT_PAST_DAYS = 366;
export const CREDIT_MAX_HOURS = 200;
export const CREDIT_REASON_MAX = 300;

export const hourBankMessages = {
  personRequired: "Escolha a pessoa",
  hoursInvalid: `Informe as horas, de 0 a ${CREDIT_MAX_HOURS}`,
  minutesInvalid: "Informe os minutos, de 0 a 59",
  nothingToCredit: "Informe um tempo maior que zero",
  dateRequired: "Informe a data",
  dateOutOfWindow: "A data deve ser de hoje ou de até um ano atrás",
  reasonRequired: "Informe o motivo",
  reasonTooLong: `O motivo deve ter no máximo ${CREDIT_REASON_MAX} caracteres`,
  notAllowed: "Só o RH ou quem atende as solicitações da pessoa lança horas para ela.",
  ownHours: "Você não pode lançar horas para você mesmo.",
  personNotFound: "Pessoa não encontrada",
  credited: "Horas lançadas",
  overBalance: (balance: string, asked: string) =>
    `Seu saldo é ${balance} e este pedido usa ${asked}: o saldo ficará negativo, e o RH verá.`,
} as const;

const wholeNumber = (message: string, max: number) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(0, { error: message })
    .max(max, { error: message });

export const HourCreditInputSchema = z
  .object({
    email: z
      .string({ error: hourBankMessages.personRequired })
      .trim()
      .toLowerCase()
      .min(1, { error: hourBankMessages.personRequired })
      .max(254, { error: hourBankMessages.personRequired }),
    horas: wholeNumber(hourBankMessages.hoursInvalid, CREDIT_MAX_HOURS),
    minutos: wholeNumber(hourBankMessages.minutesInvalid, 59),
    data: z
      .string({ error: hourBankMessages.dateRequired })
      .trim()
      .refine(isIsoDate, { error: hourBankMessages.dateRequired, abort: true })
      .refine(
        (date) => {
          const today = todayInSaoPaulo();
          return date <= today && date >= addDays(today, -CREDIT_PAST_DAYS);
        },
        { error: hourBankMessages.dateOutOfWindow },
      ),
    motivo: z
      .string({ error: hourBankMessages.reasonRequired })
      .trim()
      .min(1, { error: hourBankMessages.reasonRequired })
      .max(CREDIT_REASON_MAX, { error: hourBankMessages.reasonTooLong }),
  })
  .refine((input) => input.horas * 60 + input.minutos > 0, {
    path: ["horas"],
    error: hourBankMessages.nothingToCredit,
  });
export type HourCreditInput = z.infer<typeof HourCreditInputSchema>;

export const CreditLotSchema = z.object({
  data: z.string(),
  venceEm: z.string(),
  minutos: z.number(),
  restante: z.number(),
});

const FiguresShape = {
  saldoMinutos: z.number(),
  devendoMinutos: z.number(),
  vencidoMinutos: z.number(),
};

export const HourBankMovementSchema = z.object({
  /** The credit's row, or the absence's request. */
  id: z.string(),
  data: z.string(),
  /** Positive: a credit; negative: an approved 'Banco de horas' absence. */
  minutos: z.number(),
  motivo: z.string(),
  /** The absence a debit comes from. */
  solicitacaoId: z.string().nullable(),
});

export const MyHourBankSchema = z.object({
  ...FiguresShape,
  aVencer: z.array(CreditLotSchema),
  movimentos: z.array(HourBankMovementSchema),
  /** HOUR_BANK_MONTHS and WORK_HOURS_PER_DAY, for the texts and the Ausência form's count. */
  meses: z.number(),
  horasPorDia: z.number(),
});
export type MyHourBank = z.infer<typeof MyHourBankSchema>;

export const HourBankPersonSchema = z.object({
  ...FiguresShape,
  email: z.string(),
  nome: z.string(),
  /** The credit that expires first, with what is left of it. */
  proximoVencimento: CreditLotSchema.nullable(),
});
export type HourBankPerson = z.infer<typeof HourBankPersonSchema>;

export const HourBankPeopleSchema = z.object({
  pessoas: z.array(HourBankPersonSchema),
  meses: z.number(),
  horasPorDia: z.number(),
});
export type HourBankPeople = z.infer<typeof HourBankPeopleSchema>;
