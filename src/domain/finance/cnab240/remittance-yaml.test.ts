import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "vitest";
import { parse } from "yaml";
import type { PayingAccount } from "./febraban";
import { buildRemittance } from "./remittance";
import { checkFields, type DescribedField, overlay } from "./testing/field-check";
import { BB_PAYER, FEBRABAN_PAYER, GENERATED_AT, ITAU_PAYER, PAYMENTS } from "./testing/fixtures";

/*
 * Our remittances read field by field with @banco-br/cnab_yaml, layout descriptions
 * in YAML that nobody here wrote (cnab240/generic, 341 and 001). Where a description
 * does not apply to a PIX payment file (cnab_yaml describes mostly cobrança, and
 * SISPAG before PIX), the rule says why and the field is checked in
 * remittance-manuals.test.ts against the manual instead.
 */

const ROOT = path.resolve(import.meta.dirname, "../../../../node_modules/@banco-br/cnab_yaml/cnab240");

type YamlField = { pos: [number, number]; picture: string; default?: string | number };

const cache = new Map<string, DescribedField[]>();

/** A cnab_yaml description; some of its files are in ISO-8859-1 (341's segments), the rest UTF-8. */
function described(file: string): DescribedField[] {
  const cached = cache.get(file);
  if (cached) return cached;
  const bytes = readFileSync(path.join(ROOT, file));
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("latin1").decode(bytes);
  }
  const fields = parse(text) as Record<string, YamlField>;
  const result = Object.entries(fields).map(([name, field]) => ({
    name,
    start: field.pos[0],
    end: field.pos[1],
    picture: field.picture,
    default: field.default,
  }));
  cache.set(file, result);
  return result;
}

function remittanceLines(profile: "febraban" | "itau" | "bb", payer: PayingAccount, homologation = false) {
  const input = {
    profile,
    payer,
    fileNumber: 42,
    generatedAt: GENERATED_AT,
    payments: PAYMENTS,
    homologation,
  };
  const result = buildRemittance(input);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.text.split("\r\n").slice(0, -1);
}

const NAMES: Record<string, string> = {
  BALCAO3F2A0001: "JOAO DA SILVA CAMARA",
  BALCAO3F2A0002: "ZOE ORSTED & CIA",
  BALCAO3F2A0003: "MARIA CONCEICAO",
  BALCAO3F2A0004: "ESTUDIO PESSEGO",
  BALCAO3F2A0005: "GRAFICA ACAO",
};
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;
const segmentsA = (lines: string[]) => lines.filter((line) => line[13] === "A");
const segmentsB = (lines: string[]) => lines.filter((line) => line[7] === "3" && line[13] === "B");
const nth = (lines: string[], type: string) => lines.find((line) => line[7] === type) ?? "";

/** Segment A as cnab_yaml's generic description (from Banco do Brasil's payment manual) has it. */
function checkGenericSegmentsA(lines: string[], bankCode: string): void {
  segmentsA(lines).forEach((line, index) => {
    const payment = PAYMENTS[index];
    if (!payment) throw new Error("payment missing");
    checkFields(line, described("generic/remessa/detalhe_segmento_a.yml"), {
      expect: {
        codigo_banco: bankCode,
        lote_servico: 1,
        numero_sequencial_lote: index * 2 + 1,
        tipo_movimento: 0,
        codigo_instrucao_movimento: "00",
        // P001 009 = SPI (PIX); cnab_yaml, older than PIX, lists only 018 (TED) and 700 (DOC).
        camara_centralizadora: "009",
        banco_favorecido: 0,
        agencia_favorecido: 0,
        agencia_dv_favorecido: "",
        conta_favorecido: 0,
        conta_dv_favorecido: "",
        agencia_conta_dv_favorecido: "",
        nome_favorecido: NAMES[payment.reference] ?? "",
        numero_documento: payment.reference,
        data_pagamento: ddmmyyyy(payment.payOn),
        quantidade_moeda: 0,
        valor_pagamento: payment.amountCents,
        nosso_numero: "",
        data_real: 0,
        valor_real: 0,
        informacao_2: "",
        finalidade_doc: "",
        finalidade_ted: "",
        finalidade_complementar: "",
        aviso: 0,
      },
    });
  });
}

const CAIXA_ONLY = "Caixa (SICOB) asks for its literal here; FEBRABAN G022 leaves the field to the company.";

describe("FEBRABAN padrão, read with cnab_yaml's generic descriptions", () => {
  const lines = remittanceLines("febraban", FEBRABAN_PAYER);

  it("file header", () => {
    checkFields(lines[0] ?? "", described("generic/header_arquivo.yml"), {
      skip: {
        codigo_convenio:
          "Caixa's 16-digit cedente code; FEBRABAN v10.11 G007 is X(20) in 33–52 (manuals test).",
        agencia_mais_cedente_dv: "FEBRABAN G012 is X(1), blank when the bank has no agency/account digit.",
        uso_reservado_empresa: CAIXA_ONLY,
      },
      expect: {
        codigo_banco: "033",
        codigo_inscricao: 2,
        numero_inscricao: "11222333000181",
        agencia: "1234",
        agencia_dv: "5",
        codigo_cedente: "567890",
        codigo_cedente_dv: "3",
        nome_empresa: "AGENCIA AGIL DE COMUNICACAO LT",
        nome_banco: "BANCO SANTANDER (BRASIL) S.A.",
        codigo_remessa_retorno: 1,
        data_geracao: "07032025",
        hora_geracao: "100405",
        numero_sequencial_arquivo: 42,
        // cnab_yaml's default 030 is Caixa's SICOB version; FEBRABAN v10.11 is 103.
        versao_layout_arquivo: "103",
      },
    });
  });

  it("batch header: the fields it shares with cnab_yaml's (cobrança) batch header", () => {
    checkFields(lines[1] ?? "", described("generic/header_lote.yml"), {
      only: [
        "codigo_banco",
        "lote_servico",
        "tipo_registro",
        "uso_exclusivo_febraban_01",
        "codigo_inscricao",
      ],
      expect: { codigo_banco: "033", lote_servico: 1, codigo_inscricao: 2 },
    });
  });

  it("segment A of every payment", () => checkGenericSegmentsA(lines, "033"));

  it("batch trailer: record count (the rest of cnab_yaml's trailer is cobrança's)", () => {
    checkFields(nth(lines, "5"), described("generic/trailer_lote.yml"), {
      only: [
        "codigo_banco",
        "lote_servico",
        "tipo_registro",
        "uso_exclusivo_febraban_01",
        "qtde_registro_lote",
      ],
      expect: { codigo_banco: "033", lote_servico: 1, qtde_registro_lote: 2 + 2 * PAYMENTS.length },
    });
  });

  it("file trailer: batch and record counts", () => {
    checkFields(nth(lines, "9"), described("generic/trailer_arquivo.yml"), {
      skip: { uso_exclusivo_febraban02: "FEBRABAN v10.11 G037 (contas para conciliação) is 9(6): zeros." },
      expect: { codigo_banco: "033", qtde_lotes: 1, qtde_registros: lines.length },
    });
  });
});

describe("Itaú (SISPAG), read with cnab_yaml's 341 descriptions", () => {
  const lines = remittanceLines("itau", ITAU_PAYER);
  const PRE_PIX_B =
    "cnab_yaml describes SISPAG's address variant of segment B; PIX uses 15–127 otherwise (OCA, manuals test).";

  it("file header", () => {
    checkFields(lines[0] ?? "", described("341/header_arquivo.yml"), {
      errata: { zeros: "158–166 are nine positions; the picture says 9(6). SISPAG: 9(09) zeros." },
      expect: {
        codigo_banco: "341",
        codigo_inscricao: 2,
        numero_inscricao: "11222333000181",
        agencia_debitada: "0912",
        brancos_03: "",
        conta_debitada: "45678",
        brancos_04: "",
        dac: 7,
        nome_empresa: "AGENCIA AGIL DE COMUNICACAO LT",
        nome_banco: "BANCO ITAU SA",
        arquivo_codigo: 1,
        data_geracao: "07032025",
        hora_geracao: "100405",
      },
    });
  });

  it("batch header (layout 040), address included", () => {
    checkFields(lines[1] ?? "", described("341/header_lote.yml"), {
      expect: {
        codigo_lote: 1,
        tipo_pagamento: "20",
        forma_pagamento: "45",
        brancos_01: "",
        empresa_inscricao: 2,
        inscricao_numero: "11222333000181",
        identificacao_lancamento: "",
        brancos_02: "",
        agencia: "0912",
        brancos_03: "",
        conta: "45678",
        brancos_04: "",
        dac: 7,
        nome_empresa_debitada: "AGENCIA AGIL DE COMUNICACAO LT",
        endereco_empresa: "RUA DA CONSOLACAO",
        numero_empresa: 100,
        complemento_endereco: "SALA 2",
        cidade: "SAO PAULO",
        cep: "01302000",
        estado: "SP",
        brancos_05: "",
        ocorrencias: "",
      },
    });
  });

  it("segment A of every payment", () => {
    segmentsA(lines).forEach((line, index) => {
      const payment = PAYMENTS[index];
      if (!payment) throw new Error("payment missing");
      checkFields(line, described("341/remessa/detalhe_segmento_a.yml"), {
        skip: {
          numero_registro:
            "cnab_yaml puts it at [8, 8] (a copy of tipo_registro); SISPAG: 9–13 (manuals test).",
          zero_complemento:
            "Pre-PIX SISPAG: zeros; with PIX, 113–114 is 'identificação da transferência' (manuals test).",
        },
        expect: {
          codigo_banco: "341",
          // cnab_yaml's defaults 0000 and 0 are copies of the file header's; SISPAG: batch 1, record 3.
          lote_servico: 1,
          tipo_registro: 3,
          tipo_movimento: "000",
          // cnab_yaml's 000 is for credit at Itaú; forma 45 goes through 009 (OCA cnab.payment.way.csv).
          codigo_camara: "009",
          banco_favorecido: 0,
          agencia_favorecido: "0".repeat(20),
          nome_favorecido: NAMES[payment.reference] ?? "",
          seu_numero: payment.reference,
          data_pagamento: ddmmyyyy(payment.payOn),
          // SISPAG: 'REA ou 009' (cnab_yaml's own comment); we write REA.
          tipo_moeda: "REA",
          valor_pagamento: payment.amountCents,
          nosso_numero: "",
          branco_01: "",
          data_efetivacao: 0,
          valor_efetivacao: 0,
          finalidade_detalhe: "",
          branco_02: "",
          numero_documento: 0,
          numero_inscricao: payment.payeeDocument ?? 0,
          finalidade_doc_status_funcionario: "",
          branco_03: "",
          aviso_favorecido: "0",
          codigo_ocorrencias_retorno: "",
        },
      });
    });
  });

  it("segment B of every payment: the key where SISPAG has its 100-position field at 128–227", () => {
    segmentsB(lines).forEach((line, index) => {
      const payment = PAYMENTS[index];
      if (!payment) throw new Error("payment missing");
      const document = payment.payeeDocument ?? "";
      checkFields(line, described("341/remessa/detalhe_segmento_b.yml"), {
        skip: {
          brancos_01: "PIX: SISPAG's 'tipo de chave' in 15–16, blank 17 (manuals test).",
          endereco: PRE_PIX_B,
          numero_endereco: PRE_PIX_B,
          complemento: PRE_PIX_B,
          bairro: PRE_PIX_B,
          cidade: PRE_PIX_B,
          cep: PRE_PIX_B,
          estado_sigla: PRE_PIX_B,
        },
        verbatim: ["email"],
        expect: {
          lote_servico: 1,
          tipo_registro: 3,
          numero_registro: index * 2 + 2,
          empresa_inscricao: document.length === 11 ? 1 : document.length === 14 ? 2 : 0,
          numero_inscricao: document || 0,
          email: payment.pixKey.value,
          brancos_02: "",
          codigo_ocorrencias_retorno: "",
        },
      });
    });
  });

  it("batch trailer: record count (cnab_yaml's 341 trailer is the tax batches')", () => {
    checkFields(nth(lines, "5"), described("341/trailer_lote.yml"), {
      only: [
        "codigo_banco",
        "lote_servico",
        "tipo_registro",
        "uso_exclusivo_febraban_01",
        "qtde_registro_lote",
      ],
      expect: { codigo_banco: "341", lote_servico: 1, qtde_registro_lote: 2 + 2 * PAYMENTS.length },
    });
  });

  it("file trailer", () => {
    checkFields(nth(lines, "9"), described("341/trailer_arquivo.yml"), {
      expect: { codigo_banco: "341", qtde_lotes: 1, qtde_registros: lines.length },
    });
  });
});

describe("Banco do Brasil, read with cnab_yaml's 001 descriptions over the generic ones", () => {
  const COBRANCA =
    "cnab_yaml's 001 header is BB's cobrança (CbrVer04BB); payments have no carteira (PgtVer03BB: reserved, blank).";
  const lines = remittanceLines("bb", BB_PAYER);
  const header = overlay(described("generic/header_arquivo.yml"), described("001/header_arquivo.yml"));
  const headerRules = {
    skip: {
      carteira: COBRANCA,
      variacao_carteira: COBRANCA,
      uso_reservado_empresa: CAIXA_ONLY,
      identificacao_cobranca_sem_papel: COBRANCA,
      controle_vans: COBRANCA,
      tipo_servico: COBRANCA,
      ocorrencias: COBRANCA,
    },
    expect: {
      codigo_banco: "001",
      numero_inscricao: "11222333000181",
      codigo_convenio: "123456789",
      // cnab_yaml's 14 is cobrança's product; 0126 is payments' (PgtVer03BB).
      cobranca_cedente: "0126",
      agencia: "3064",
      agencia_dv: "6",
      conta: "12345",
      conta_dv: "X",
      nome_banco: "BANCO DO BRASIL S.A.",
      numero_sequencial_arquivo: 42,
      versao_layout_arquivo: "103",
    },
  };

  it("file header: the convênio in 33–41 and the account where BB has them", () => {
    checkFields(lines[0] ?? "", header, headerRules);
  });

  it("a homologation file says 'TS' in 51–52", () => {
    const homologation = remittanceLines("bb", BB_PAYER, true);
    checkFields(homologation[0] ?? "", header, {
      ...headerRules,
      expect: { ...headerRules.expect, uso_exclusivo_bb_01: "TS" },
    });
  });

  it("segment A of every payment (cnab_yaml's generic segment A is from BB's own manual)", () => {
    checkGenericSegmentsA(lines, "001");
  });

  it("batch and file trailers", () => {
    checkFields(nth(lines, "5"), described("001/trailer_lote.yml"), {
      only: [
        "codigo_banco",
        "lote_servico",
        "tipo_registro",
        "uso_exclusivo_febraban_01",
        "qtde_registro_lote",
      ],
      expect: { codigo_banco: "001", lote_servico: 1, qtde_registro_lote: 2 + 2 * PAYMENTS.length },
    });
    checkFields(nth(lines, "9"), described("generic/trailer_arquivo.yml"), {
      skip: { uso_exclusivo_febraban02: "FEBRABAN v10.11 G037 is 9(6): zeros." },
      expect: { codigo_banco: "001", qtde_lotes: 1, qtde_registros: lines.length },
    });
  });
});
