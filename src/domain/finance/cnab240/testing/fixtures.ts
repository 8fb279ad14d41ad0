import type { PayingAccount, PixPayment } from "../febraban";

/*
 * Accounts and payments for the tests: valid check digits (CNPJ 11.222.333/0001-81,
 * CPF 529.982.247-25), names with accents, one key of each type.
 */

/** 10:04:05 on 7 March 2025 in São Paulo (UTC−3). */
export const GENERATED_AT = new Date("2025-03-07T13:04:05Z");

export const FEBRABAN_PAYER: PayingAccount = {
  bankCode: "033",
  branch: "1234",
  branchDigit: "5",
  account: "567890",
  accountDigit: "3",
  companyDocument: "11222333000181",
  companyName: "Agência Ágil de Comunicação Ltda",
  agreementCode: "PAG0001",
};

export const ITAU_PAYER: PayingAccount = {
  ...FEBRABAN_PAYER,
  bankCode: "341",
  branch: "0912",
  branchDigit: undefined,
  account: "45678",
  accountDigit: "7",
  agreementCode: "",
  address: {
    street: "Rua da Consolação",
    number: "100",
    complement: "Sala 2",
    city: "São Paulo",
    zip: "01302000",
    state: "SP",
  },
};

export const BB_PAYER: PayingAccount = {
  ...FEBRABAN_PAYER,
  bankCode: "001",
  branch: "3064",
  branchDigit: "6",
  account: "12345",
  accountDigit: "X",
  agreementCode: "123456789",
};

export const PAYMENTS: PixPayment[] = [
  {
    reference: "BALCAO3F2A0001",
    payeeName: "João da Silva Câmara",
    payeeDocument: "52998224725",
    pixKey: { type: "cpf", value: "52998224725" },
    amountCents: 123_456,
    payOn: "2025-03-10",
  },
  {
    reference: "BALCAO3F2A0002",
    payeeName: "Zoë Ørsted & Cia",
    pixKey: { type: "email", value: "zoe.orsted@example.com" },
    amountCents: 50,
    payOn: "2025-03-10",
  },
  {
    reference: "BALCAO3F2A0003",
    payeeName: "Maria Conceição",
    pixKey: { type: "phone", value: "+5511987654321" },
    amountCents: 999_999,
    payOn: "2025-03-07",
  },
  {
    reference: "BALCAO3F2A0004",
    payeeName: "Estúdio Pêssego",
    payeeDocument: "11222333000181",
    pixKey: { type: "evp", value: "123e4567-e89b-42d3-a456-426614174000" },
    amountCents: 1,
    payOn: "2025-03-11",
  },
  {
    reference: "BALCAO3F2A0005",
    payeeName: "Gráfica Ação",
    payeeDocument: "11222333000181",
    pixKey: { type: "cnpj", value: "11222333000181" },
    amountCents: 77_700,
    payOn: "2025-03-12",
  },
];
