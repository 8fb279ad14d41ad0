import { formatDateBR, isIsoDate } from "../../dates";
import { isValidCnpj, isValidCpf, PIX_KEY_TYPES, parsePixKey } from "../../pix-key";
import type { PayingAccount, PixPayment, PreparedPayer, PreparedPayment } from "./febraban";
import { toBankText, unwritableCharacters } from "./layout";
import type { BankProfile } from "./profiles";

/*
 * Everything a remittance needs checked before a line is written, each problem in
 * Portuguese with what to fix. A file the bank would refuse as a whole (a wrong
 * account, a number out of range) is worse than no file: the finance team only
 * learns it a day later, from the return.
 */

/** A problem with one payment (its reference), or with the file or paying account (null). */
export type RemittanceProblem = { reference: string | null; message: string };

/** G018: the file number has 6 digits. */
export const MAX_FILE_NUMBER = 999_999;
/** G038: the record's sequence in its batch has 5 digits, and each payment takes two records. */
export const MAX_PAYMENTS_PER_BATCH = 49_999;
/** P010: the amount is 9(13)V9(2). */
export const MAX_AMOUNT_CENTS = 999_999_999_999_999;
/** G064: 'seu número' is X(20). Kept to what survives the trip unchanged: capitals, digits, - . /. */
const REFERENCE = /^[0-9A-Z][0-9A-Z./-]{0,19}$/;
/** G013: names are X(30); a longer name is cut, as every bank's manual allows. */
const NAME_WIDTH = 30;

function bankName(text: string): string {
  return toBankText(text.trim()).replace(/\s+/g, " ").slice(0, NAME_WIDTH).trimEnd();
}

function unwritable(text: string): string | null {
  const chars = unwritableCharacters(toBankText(text));
  return chars.length > 0 ? chars.map((char) => `"${char}"`).join(", ") : null;
}

function checkAccount(payer: PayingAccount, profile: BankProfile): string[] {
  const problems: string[] = [];
  if (!/^\d{3}$/.test(payer.bankCode ?? ""))
    problems.push("O código do banco da conta pagadora deve ter 3 dígitos.");
  else if (profile.bankCode && payer.bankCode !== profile.bankCode) {
    problems.push(
      `O perfil "${profile.label}" é do banco ${profile.bankCode}, mas a conta pagadora é do banco ${payer.bankCode}.`,
    );
  }
  if (!/^\d{1,5}$/.test(payer.branch ?? ""))
    problems.push("A agência da conta pagadora deve ter de 1 a 5 dígitos.");
  if (payer.branchDigit && !/^[0-9A-Z]$/.test(payer.branchDigit)) {
    problems.push("O dígito da agência deve ser um só caractere (dígito ou X).");
  }
  if (!/^\d{1,12}$/.test(payer.account ?? "")) problems.push("A conta pagadora deve ter de 1 a 12 dígitos.");
  if (!/^[0-9A-Z]$/.test(payer.accountDigit ?? "")) {
    problems.push("O dígito da conta pagadora deve ser um só caractere (dígito ou X).");
  }
  if (!isValidCnpj(payer.companyDocument ?? ""))
    problems.push("O CNPJ da agência não é válido (14 caracteres).");
  if (!payer.companyName?.trim()) problems.push("Falta o nome da agência (razão social) na conta pagadora.");
  else if (unwritable(payer.companyName)) {
    problems.push(
      `O nome da agência tem caracteres que o banco não aceita: ${unwritable(payer.companyName)}.`,
    );
  }
  if (profile.agreement && !profile.agreement.pattern.test(payer.agreementCode ?? "")) {
    problems.push(`O código do convênio deve ser ${profile.agreement.hint}.`);
  }
  return problems;
}

function checkAddress(payer: PayingAccount): string[] {
  const address = payer.address ?? {};
  const problems: string[] = [];
  if (address.zip && !/^\d{8}$/.test(address.zip)) problems.push("O CEP da agência deve ter 8 dígitos.");
  if (address.number && !/^\d{1,5}$/.test(address.number))
    problems.push("O número do endereço deve ter até 5 dígitos.");
  if (address.state && !/^[A-Za-z]{2}$/.test(address.state))
    problems.push("A UF da agência deve ter 2 letras.");
  for (const text of [address.street, address.complement, address.city]) {
    if (text && unwritable(text))
      problems.push(`O endereço da agência tem caracteres que o banco não aceita: ${unwritable(text)}.`);
  }
  return problems;
}

/** The paying account as the files write it, or the problems that keep it out of a file. */
export function preparePayer(
  payer: PayingAccount,
  profile: BankProfile,
): { payer: PreparedPayer; problems: RemittanceProblem[] } {
  const problems = [...checkAccount(payer, profile), ...checkAddress(payer)].map((message) => ({
    reference: null,
    message,
  }));
  const address = payer.address ?? {};
  const prepared: PreparedPayer = {
    ...payer,
    companyName: bankName(payer.companyName ?? ""),
    branchDigit: payer.branchDigit ?? "",
    agreementCode: profile.agreement ? (payer.agreementCode ?? "") : "",
    address: {
      street: bankName(address.street ?? ""),
      number: address.number ?? "",
      complement: toBankText(address.complement ?? "").slice(0, 15),
      city: toBankText(address.city ?? "").slice(0, 20),
      zip: address.zip ?? "",
      state: (address.state ?? "").toUpperCase(),
    },
  };
  return { payer: prepared, problems };
}

function checkDocument(document: string | undefined): { type: 0 | 1 | 2; value: string } | string {
  if (document === undefined || document === "") return { type: 0, value: "" };
  if (isValidCpf(document)) return { type: 1, value: document };
  if (isValidCnpj(document)) return { type: 2, value: document };
  return "O CPF/CNPJ do favorecido não é válido (11 dígitos ou 14 caracteres, sem pontuação).";
}

function checkKey(payment: PixPayment): string | null {
  const key = payment.pixKey;
  if (!key || typeof key.value !== "string" || key.value.trim() === "")
    return "Falta a chave PIX do favorecido.";
  if (!PIX_KEY_TYPES.includes(key.type)) return `Tipo de chave PIX desconhecido: "${key.type}".`;
  const parsed = parsePixKey(key.value);
  if (!parsed || parsed.type !== key.type || parsed.value !== key.value) {
    return `A chave PIX "${key.value}" não é uma chave do tipo ${key.type} como o DICT a guarda.`;
  }
  return null;
}

function checkPayment(payment: PixPayment, earliest: string): string[] {
  const problems: string[] = [];
  const reference = payment.reference ?? "";
  if (!REFERENCE.test(reference)) {
    problems.push(
      "A referência deve ter de 1 a 20 caracteres: letras maiúsculas sem acento, dígitos, '-', '.' ou '/', para voltar igual no retorno.",
    );
  }
  if (!payment.payeeName?.trim()) problems.push("Falta o nome do favorecido.");
  else if (unwritable(payment.payeeName)) {
    problems.push(
      `O nome do favorecido tem caracteres que o banco não aceita: ${unwritable(payment.payeeName)}.`,
    );
  }
  const document = checkDocument(payment.payeeDocument);
  if (typeof document === "string") problems.push(document);
  const key = checkKey(payment);
  if (key) problems.push(key);
  if (!Number.isSafeInteger(payment.amountCents) || payment.amountCents <= 0) {
    problems.push("O valor deve ser maior que zero, em centavos inteiros.");
  } else if (payment.amountCents > MAX_AMOUNT_CENTS) {
    problems.push("O valor passa do que o arquivo comporta (13 dígitos de reais).");
  }
  if (!isIsoDate(payment.payOn ?? ""))
    problems.push(`A data de pagamento "${payment.payOn}" não é uma data válida.`);
  else if (payment.payOn < earliest) {
    problems.push(
      `A data de pagamento ${formatDateBR(payment.payOn)} já passou (arquivo de ${formatDateBR(earliest)}).`,
    );
  }
  return problems;
}

function ddmmyyyy(isoDate: string): string {
  return `${isoDate.slice(8, 10)}${isoDate.slice(5, 7)}${isoDate.slice(0, 4)}`;
}

/** The payments as the files write them, or every problem found, by reference. */
export function preparePayments(
  payments: readonly PixPayment[],
  today: string,
): { payments: PreparedPayment[]; problems: RemittanceProblem[] } {
  const problems: RemittanceProblem[] = [];
  if (payments.length === 0)
    problems.push({ reference: null, message: "Escolha ao menos um pagamento para o arquivo." });
  if (payments.length > MAX_PAYMENTS_PER_BATCH) {
    problems.push({
      reference: null,
      message: `Um lote comporta no máximo ${MAX_PAYMENTS_PER_BATCH} pagamentos.`,
    });
  }
  const seen = new Set<string>();
  const prepared: PreparedPayment[] = [];
  for (const payment of payments) {
    const reference = payment.reference ?? "";
    const messages = checkPayment(payment, today);
    if (seen.has(reference)) messages.push("Esta referência aparece duas vezes no arquivo.");
    seen.add(reference);
    for (const message of messages) problems.push({ reference, message });
    if (messages.length > 0) continue;
    const document = checkDocument(payment.payeeDocument) as { type: 0 | 1 | 2; value: string };
    prepared.push({
      reference,
      payeeName: bankName(payment.payeeName),
      documentType: document.type,
      document: document.value,
      keyType: payment.pixKey.type,
      key: payment.pixKey.value,
      amountCents: payment.amountCents,
      payOn: ddmmyyyy(payment.payOn),
    });
  }
  return { payments: prepared, problems };
}
