import type { PixKeyType } from "../../pix-key";
import {
  alfa,
  type BatchHeaderContext,
  type BatchTrailerContext,
  type DetailContext,
  FEBRABAN_LAYOUTS,
  type FileHeaderContext,
  type FileTrailerContext,
  type Layouts,
  num,
} from "./febraban";
import { mergeLayout, type RecordLayout } from "./layout";
import { FEBRABAN_OCCURRENCES, ITAU_OCCURRENCES, type OccurrenceTable } from "./occurrences";

/*
 * One description per bank: FEBRABAN's records (febraban.ts) with the fields the
 * bank changes, its layout versions, its PIX key-type codes and its occurrence
 * table. Every bank asks for a homologation run before production: a profile here
 * is what we send to that run, not a promise that the bank accepts it.
 */

export const BANK_PROFILE_IDS = ["febraban", "itau", "bb"] as const;
export type BankProfileId = (typeof BANK_PROFILE_IDS)[number];

export type BankProfile = {
  readonly id: BankProfileId;
  readonly label: string;
  /** null: any bank that follows FEBRABAN; the paying account's bank goes in the file. */
  readonly bankCode: string | null;
  readonly bankName: string | null;
  /** G019 file layout version and G030 batch layout version (SISPAG: its own numbers). */
  readonly versions: { readonly file: string; readonly batch: string };
  /** G100 forma de iniciação (FEBRABAN) or SISPAG's 'tipo de chave', by key type. */
  readonly keyTypeCodes: Readonly<Record<PixKeyType, string>>;
  /** Whether the file header carries our sequential file number (G018). */
  readonly fileNumberInHeader: boolean;
  /** What the convênio must look like; null when the bank's files carry none. */
  readonly agreement: { readonly pattern: RegExp; readonly hint: string } | null;
  /** Only what differs from FEBRABAN, field by field. */
  readonly overrides: Partial<Layouts>;
  readonly layouts: Layouts;
  readonly occurrences: OccurrenceTable;
  readonly sources: readonly string[];
};

/** FEBRABAN v10.11, G100: 01 telefone, 02 e-mail, 03 CPF/CNPJ, 04 chave aleatória (05, by account, is not a key). */
const FEBRABAN_KEY_TYPES: Readonly<Record<PixKeyType, string>> = {
  phone: "01",
  email: "02",
  cpf: "03",
  cnpj: "03",
  evp: "04",
};

/** Names FEBRABAN's header asks for (G014) when the profile is not a specific bank's. */
const KNOWN_BANK_NAMES: Readonly<Record<string, string>> = {
  "001": "BANCO DO BRASIL S.A.",
  "033": "BANCO SANTANDER (BRASIL) S.A.",
  "077": "BANCO INTER S.A.",
  "104": "CAIXA ECONOMICA FEDERAL",
  "237": "BANCO BRADESCO S.A.",
  "341": "BANCO ITAU SA",
  "756": "BANCO SICOOB S.A.",
};

export function bankNameFor(profile: BankProfile, bankCode: string): string {
  return profile.bankName ?? KNOWN_BANK_NAMES[bankCode] ?? "";
}

/*
 * Itaú SISPAG: manual "SISPAG – Sistema de Contas a Pagar Itaú, Layout de Arquivos
 * CNAB 240" (file layout 081, transfer batch layout 040), with PIX as OCA's
 * l10n_br_cnab_structure describes it (data/l10n_br_cnab.line.field.csv, 'cnab_itau_240').
 */
const ITAU_OVERRIDES: Partial<Layouts> = {
  fileHeader: [
    alfa<FileHeaderContext>("blanks9", 9, 14),
    num<FileHeaderContext>("layoutVersion", 15, 17, (c) => c.versions.file),
    alfa<FileHeaderContext>("blanks33", 33, 52),
    alfa<FileHeaderContext>("blank58", 58, 58),
    alfa<FileHeaderContext>("blank71", 71, 71),
    // DAC: the account's check digit sits in 72 in SISPAG.
    num<FileHeaderContext>("accountDigit", 72, 72, (c) => c.payer.accountDigit),
    // SISPAG has no file number and no version here: zeros 158–166, blanks to the end.
    num<FileHeaderContext>("zeros158", 158, 166, 0),
    alfa<FileHeaderContext>("blanks172", 172, 240),
  ],
  batchHeader: [
    alfa<BatchHeaderContext>("entryIdentification", 33, 36),
    alfa<BatchHeaderContext>("blanks37", 37, 52),
    alfa<BatchHeaderContext>("blank58", 58, 58),
    alfa<BatchHeaderContext>("blank71", 71, 71),
    num<BatchHeaderContext>("accountDigit", 72, 72, (c) => c.payer.accountDigit),
    alfa<BatchHeaderContext>("purpose", 103, 132),
    alfa<BatchHeaderContext>("history", 133, 142),
    num<BatchHeaderContext>("zip", 213, 220, (c) => c.payer.address.zip),
    alfa<BatchHeaderContext>("blanks223", 223, 230),
  ],
  segmentA: [
    // Nota 10: tipo de movimento in three digits, 000 = inclusão.
    num<DetailContext>("movementType", 15, 17, 0),
    // By key, the whole agência/conta block is zeros.
    num<DetailContext>("payeeBranchAccount", 24, 43, 0),
    alfa<DetailContext>("currency", 102, 104, "REA"),
    num<DetailContext>("ispb", 105, 112, 0),
    // 'Identificação da transferência' 04 = chave PIX (01 conta corrente, PG conta pagamento, 03 poupança).
    alfa<DetailContext>("transferIdentification", 113, 114, "04"),
    num<DetailContext>("zeros115", 115, 119, 0),
    alfa<DetailContext>("bankNumber", 135, 149),
    alfa<DetailContext>("blanks150", 150, 154),
    alfa<DetailContext>("purposeDetail", 178, 195),
    alfa<DetailContext>("blanks196", 196, 197),
    num<DetailContext>("documentNumber", 198, 203, 0),
    num<DetailContext>("payeeDocument", 204, 217, (c) => c.payment.document, { letters: true }),
    alfa<DetailContext>("docPurpose", 218, 219),
    alfa<DetailContext>("tedPurpose", 220, 224),
    alfa<DetailContext>("blanks225", 225, 229),
  ],
  segmentB: [
    alfa<DetailContext>("keyType", 15, 16, (c) => c.keyTypeCode),
    alfa<DetailContext>("blank17", 17, 17),
    alfa<DetailContext>("blanks33", 33, 62),
    alfa<DetailContext>("userMessage", 63, 127),
    alfa<DetailContext>("pixKey", 128, 227, (c) => c.payment.key, { verbatim: true }),
    alfa<DetailContext>("blanks228", 228, 230),
    alfa<DetailContext>("occurrences", 231, 240),
  ],
  batchTrailer: [alfa<BatchTrailerContext>("blanks60", 60, 230)],
  fileTrailer: [alfa<FileTrailerContext>("blanks30", 30, 240)],
};

/*
 * Banco do Brasil: "Leiaute de Arquivos – Padrão CNAB 240 – Pagamentos" (BB,
 * PgtVer03BB), which follows FEBRABAN except for the convênio block: the payment
 * contract number in 33–41, product 0126 in 42–45, reserved 46–50 and 'TS' in
 * 51–52 for a homologation file. The 72nd position is not used by BB.
 */
function bbAgreement<
  C extends { homologation: boolean; payer: { agreementCode: string } },
>(): RecordLayout<C> {
  return [
    num<C>("agreement", 33, 41, (c) => c.payer.agreementCode),
    alfa<C>("product", 42, 45, "0126"),
    alfa<C>("bankReserved46", 46, 50),
    alfa<C>("testFile", 51, 52, (c) => (c.homologation ? "TS" : "")),
  ];
}

const BB_OVERRIDES: Partial<Layouts> = {
  fileHeader: bbAgreement<FileHeaderContext>(),
  batchHeader: bbAgreement<BatchHeaderContext>(),
};

function withOverrides(overrides: Partial<Layouts>): Layouts {
  return {
    fileHeader: mergeLayout(FEBRABAN_LAYOUTS.fileHeader, overrides.fileHeader),
    batchHeader: mergeLayout(FEBRABAN_LAYOUTS.batchHeader, overrides.batchHeader),
    segmentA: mergeLayout(FEBRABAN_LAYOUTS.segmentA, overrides.segmentA),
    segmentB: mergeLayout(FEBRABAN_LAYOUTS.segmentB, overrides.segmentB),
    batchTrailer: mergeLayout(FEBRABAN_LAYOUTS.batchTrailer, overrides.batchTrailer),
    fileTrailer: mergeLayout(FEBRABAN_LAYOUTS.fileTrailer, overrides.fileTrailer),
  };
}

export const BANK_PROFILES: Readonly<Record<BankProfileId, BankProfile>> = {
  febraban: {
    id: "febraban",
    label: "FEBRABAN padrão",
    bankCode: null,
    bankName: null,
    versions: { file: "103", batch: "046" },
    keyTypeCodes: FEBRABAN_KEY_TYPES,
    fileNumberInHeader: true,
    agreement: { pattern: /^[0-9A-Z]{1,20}$/, hint: "até 20 letras maiúsculas ou dígitos" },
    overrides: {},
    layouts: FEBRABAN_LAYOUTS,
    occurrences: FEBRABAN_OCCURRENCES,
    sources: [
      "FEBRABAN, Layout Padrão de Arquivos CNAB 240, v10.11 (segmento B PIX: G100 e chave em 128–226)",
    ],
  },
  itau: {
    id: "itau",
    label: "Itaú (SISPAG)",
    bankCode: "341",
    bankName: "BANCO ITAU SA",
    versions: { file: "081", batch: "040" },
    // SISPAG 'tipo de chave' (segment B 15–16): the same codes as FEBRABAN's G100.
    keyTypeCodes: FEBRABAN_KEY_TYPES,
    fileNumberInHeader: false,
    agreement: null,
    overrides: ITAU_OVERRIDES,
    layouts: withOverrides(ITAU_OVERRIDES),
    occurrences: ITAU_OCCURRENCES,
    sources: [
      "Itaú, SISPAG – Layout de Arquivos CNAB 240 (arquivo 081, lote de transferências 040)",
      "OCA l10n-brazil, l10n_br_cnab_structure: cnab_itau_240 (segmentos A e B PIX, tabela de ocorrências)",
      "@banco-br/cnab_yaml, cnab240/341",
    ],
  },
  bb: {
    id: "bb",
    label: "Banco do Brasil",
    bankCode: "001",
    bankName: "BANCO DO BRASIL S.A.",
    versions: { file: "103", batch: "046" },
    keyTypeCodes: FEBRABAN_KEY_TYPES,
    fileNumberInHeader: true,
    agreement: { pattern: /^\d{1,9}$/, hint: "o número do convênio de pagamento, até 9 dígitos" },
    overrides: BB_OVERRIDES,
    layouts: withOverrides(BB_OVERRIDES),
    occurrences: FEBRABAN_OCCURRENCES,
    sources: [
      "Banco do Brasil, Leiaute de Arquivos – Padrão CNAB 240 – Pagamentos (PgtVer03BB)",
      "FEBRABAN, Layout Padrão de Arquivos CNAB 240, v10.11",
      "@banco-br/cnab_yaml, cnab240/001 (convênio em 33–41)",
    ],
  },
};

export function isBankProfileId(value: string): value is BankProfileId {
  return (BANK_PROFILE_IDS as readonly string[]).includes(value);
}

/** The profile for a bank code read from a file: the bank's own, else FEBRABAN's. */
export function profileForBank(bankCode: string): BankProfile {
  return (
    Object.values(BANK_PROFILES).find((profile) => profile.bankCode === bankCode) ?? BANK_PROFILES.febraban
  );
}
