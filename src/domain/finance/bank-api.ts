import { z } from "zod";
import { addDays, isIsoDate, todayInSaoPaulo } from "../dates";
import { isValidCnpj } from "../pix-key";
import { REQUEST_KINDS } from "../requests/kinds";
import { BANK_PROFILE_IDS, BANK_PROFILES, type BankProfileId } from "./cnab240/profiles";

/*
 * Paying through the bank (docs/decisions/059): the HTTP contract of 'Conta pagadora', the
 * remittance file ('Gerar arquivo para o banco'), the bank's return ('Enviar retorno do banco')
 * and the statement ('Conciliar extrato'), with the same Portuguese messages on both sides.
 */

export const bankMessages = {
  notFinance: "Só quem paga reembolsos e bolsas (Financeiro) pode fazer isto.",
  noAccount: "Cadastre a conta pagadora antes de gerar o arquivo para o banco.",
  profile: "Escolha o banco do arquivo",
  bank: "Informe o código do banco (3 dígitos)",
  branch: "Informe a agência (até 5 dígitos)",
  branchDigit: "Dígito da agência: um dígito ou X",
  account: "Informe a conta (até 12 dígitos)",
  accountDigit: "Informe o dígito da conta (um dígito ou X)",
  cnpj: "CNPJ inválido",
  companyName: "Informe a razão social (até 30 caracteres)",
  agreement: "Informe o código do convênio",
  profileBank: (label: string, code: string) =>
    `O perfil ${label} é do banco ${code}: confira o código do banco`,
  payDate: "Informe a data do pagamento",
  payDateRange: "A data do pagamento deve ser de hoje até 30 dias",
  pickPayments: "Escolha ao menos um pagamento",
  tooManyPayments: (max: number) => `Escolha no máximo ${max} pagamentos por arquivo`,
  notPayableNow: "Um dos pagamentos escolhidos mudou ou não pode ser enviado ao banco. Nada foi enviado.",
  fileRequired: "Envie o arquivo",
  returnAlreadyRead: (when: string) => `Este arquivo de retorno já foi lido em ${when}: nada foi alterado.`,
  statementNotFound: "Extrato não encontrado: envie o arquivo de novo.",
  entryNotFound: "Lançamento não encontrado neste extrato.",
  entryAlreadyMatched: "Este lançamento já foi conciliado.",
  paymentAlreadyMatched: "Este pagamento já foi conciliado.",
  amountDiffers: "O valor do lançamento é diferente do valor pago.",
  notReconcilable: "Só pagamentos enviados ao banco ou pagos podem ser conciliados.",
} as const;

/** The most payments one remittance carries: far above a month's reimbursements, well within a batch's limit. */
export const REMITTANCE_MAX_PAYMENTS = 1000;
/** The furthest ahead a remittance may schedule its payments. */
export const PAY_DATE_MAX_DAYS = 30;

const digits = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(new RegExp(`^\\d{1,${max}}$`), message);

/** 'Conta pagadora' as administrators set it. */
export const PayingAccountInputSchema = z
  .object({
    perfil: z.enum(BANK_PROFILE_IDS, { error: bankMessages.profile }),
    banco: z
      .string({ error: bankMessages.bank })
      .trim()
      .regex(/^\d{3}$/, bankMessages.bank),
    agencia: digits(5, bankMessages.branch),
    agenciaDigito: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[0-9X]?$/, bankMessages.branchDigit)
      .nullish()
      .transform((value) => value || null),
    conta: digits(12, bankMessages.account),
    contaDigito: z
      .string({ error: bankMessages.accountDigit })
      .trim()
      .toUpperCase()
      .regex(/^[0-9X]$/, bankMessages.accountDigit),
    cnpj: z
      .string({ error: bankMessages.cnpj })
      .transform((value) => value.toUpperCase().replace(/[.\-/\s]/g, ""))
      .refine(isValidCnpj, bankMessages.cnpj),
    razaoSocial: z
      .string({ error: bankMessages.companyName })
      .trim()
      .min(2, bankMessages.companyName)
      .max(30, bankMessages.companyName),
    convenio: z
      .string({ error: bankMessages.agreement })
      .trim()
      .toUpperCase()
      .regex(/^[0-9A-Z]{1,20}$/, bankMessages.agreement),
  })
  .superRefine((account, ctx) => {
    const profile = BANK_PROFILES[account.perfil as BankProfileId];
    if (profile.bankCode && profile.bankCode !== account.banco)
      ctx.addIssue({
        code: "custom",
        path: ["banco"],
        message: bankMessages.profileBank(profile.label, profile.bankCode),
      });
    if (profile.agreement && !profile.agreement.pattern.test(account.convenio))
      ctx.addIssue({ code: "custom", path: ["convenio"], message: `Convênio: ${profile.agreement.hint}` });
  });
export type PayingAccountInput = z.input<typeof PayingAccountInputSchema>;

export const PayingAccountSchema = z.object({
  perfil: z.enum(BANK_PROFILE_IDS),
  banco: z.string(),
  agencia: z.string(),
  agenciaDigito: z.string().nullable(),
  conta: z.string(),
  contaDigito: z.string(),
  cnpj: z.string(),
  razaoSocial: z.string(),
  convenio: z.string(),
  proximoArquivo: z.number().int(),
});
export type PayingAccount = z.infer<typeof PayingAccountSchema>;

/** `GET /api/admin/conta-pagadora`: the account, or null before it is set; the profiles offered. */
export const PayingAccountPageSchema = z.object({
  conta: PayingAccountSchema.nullable(),
  perfis: z.array(
    z.object({ id: z.enum(BANK_PROFILE_IDS), label: z.string(), banco: z.string().nullable() }),
  ),
});
export type PayingAccountPage = z.infer<typeof PayingAccountPageSchema>;

/** The profiles as the page lists them. */
export const BANK_PROFILE_OPTIONS = BANK_PROFILE_IDS.map((id) => ({
  id,
  label: BANK_PROFILES[id].label,
  banco: BANK_PROFILES[id].bankCode,
}));

/**
 * 'Gerar arquivo para o banco': the payments chosen in 'Lote de pagamento', and the day to pay
 * them, from today to PAY_DATE_MAX_DAYS ahead on São Paulo's calendar (read at each validation
 * unless `today` is given).
 */
export function remittanceInputSchema(today?: string) {
  const inWindow = (day: string) => {
    const now = today ?? todayInSaoPaulo();
    return day >= now && day <= addDays(now, PAY_DATE_MAX_DAYS);
  };
  return z.object({
    dataPagamento: z
      .string({ error: bankMessages.payDate })
      .refine(isIsoDate, { error: bankMessages.payDate, abort: true })
      .refine(inWindow, bankMessages.payDateRange),
    itens: z
      .array(
        z.object({
          tipo: z.enum(REQUEST_KINDS),
          id: z.uuid(),
          versao: z.number().int().nonnegative().optional(),
        }),
        { error: bankMessages.pickPayments },
      )
      .min(1, bankMessages.pickPayments)
      .max(REMITTANCE_MAX_PAYMENTS, bankMessages.tooManyPayments(REMITTANCE_MAX_PAYMENTS)),
  });
}
export const RemittanceInputSchema = remittanceInputSchema();
export type RemittanceInput = z.input<typeof RemittanceInputSchema>;

export const RemittanceSummarySchema = z.object({
  id: z.uuid(),
  numero: z.number().int(),
  nomeArquivo: z.string(),
  perfil: z.string(),
  dataPagamento: z.string(),
  quantidade: z.number().int(),
  /** Cents. */
  total: z.number().int(),
  criadaEm: z.string(),
});
export type RemittanceSummary = z.infer<typeof RemittanceSummarySchema>;

export const RemittanceListSchema = z.object({ remessas: z.array(RemittanceSummarySchema) });
export const RemittanceParamsSchema = z.object({ id: z.uuid() });

/** What a return file did, payment by payment, and what it could not read. */
export const ReturnResultSchema = z.object({
  jaLido: z.boolean(),
  recebidoEm: z.string(),
  pagos: z.array(
    z.object({ tipo: z.enum(REQUEST_KINDS), id: z.uuid(), nome: z.string(), valor: z.number().int() }),
  ),
  recusados: z.array(
    z.object({
      tipo: z.enum(REQUEST_KINDS),
      id: z.uuid(),
      nome: z.string(),
      valor: z.number().int(),
      motivo: z.string(),
    }),
  ),
  agendados: z.number().int(),
  /** Lines or references the file had that match nothing sent: reported, never guessed. */
  naoReconhecidos: z.array(z.object({ linha: z.number().int().nullable(), motivo: z.string() })),
});
export type ReturnResult = z.infer<typeof ReturnResultSchema>;

const EntrySchema = z.object({
  fitid: z.string(),
  data: z.string(),
  /** Cents, positive: what left the account. */
  valor: z.number().int(),
  descricao: z.string(),
});

const PaymentSideSchema = z.object({
  tipo: z.enum(REQUEST_KINDS),
  id: z.uuid(),
  nome: z.string(),
  valor: z.number().int(),
  data: z.string(),
});

/** 'Conciliar extrato': the debits read, the matches suggested, and what is left on each side. */
export const StatementResultSchema = z.object({
  id: z.uuid(),
  conta: z.string(),
  lancamentos: z.number().int(),
  futurosIgnorados: z.number().int(),
  sugestoes: z.array(
    z.object({
      lancamento: EntrySchema,
      pagamento: PaymentSideSchema,
      confianca: z.enum(["txid", "name", "amount-date"]),
      motivo: z.string(),
    }),
  ),
  lancamentosSemPar: z.array(EntrySchema),
  pagamentosSemPar: z.array(PaymentSideSchema),
});
export type StatementResult = z.infer<typeof StatementResultSchema>;

export const StatementParamsSchema = z.object({ id: z.uuid() });
export const ReconcileInputSchema = z.object({
  fitid: z.string().min(1).max(300),
  tipo: z.enum(REQUEST_KINDS),
  id: z.uuid(),
});
export type ReconcileInput = z.infer<typeof ReconcileInputSchema>;
