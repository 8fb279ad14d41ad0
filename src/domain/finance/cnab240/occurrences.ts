/*
 * Occurrence codes of a return file ('ocorrências', segment A positions 231–240,
 * up to five codes of two characters), with the text each bank prints and what the
 * code means for our payment. Only codes a PIX transfer by key can receive are
 * listed: an unlisted code is reported to people, never guessed.
 */

/** What a code says about a payment: paid, accepted for its date, or not going to be paid. */
export type OccurrenceKind = "paid" | "scheduled" | "refused";
export type Occurrence = { readonly text: string; readonly kind: OccurrenceKind };
export type OccurrenceTable = Readonly<Record<string, Occurrence>>;

const paid = (text: string): Occurrence => ({ text, kind: "paid" });
const scheduled = (text: string): Occurrence => ({ text, kind: "scheduled" });
const refused = (text: string): Occurrence => ({ text, kind: "refused" });

/**
 * FEBRABAN "Layout Padrão de Arquivos CNAB 240" v10.11, note G059, texts as the
 * manual has them; the P codes are the ones v10 added for PIX.
 */
export const FEBRABAN_OCCURRENCES: OccurrenceTable = {
  "00": paid("Crédito ou Débito Efetivado"),
  "01": refused("Insuficiência de Fundos - Débito Não Efetuado"),
  "02": refused("Crédito ou Débito Cancelado pelo Pagador/Credor"),
  "03": paid("Débito Autorizado pela Agência - Efetuado"),
  AA: refused("Controle Inválido"),
  AB: refused("Tipo de Operação Inválido"),
  AC: refused("Tipo de Serviço Inválido"),
  AD: refused("Forma de Lançamento Inválida"),
  AE: refused("Tipo/Número de Inscrição Inválido"),
  AF: refused("Código de Convênio Inválido"),
  AG: refused("Agência/Conta Corrente/DV Inválido"),
  AH: refused("Nº Seqüencial do Registro no Lote Inválido"),
  AI: refused("Código de Segmento de Detalhe Inválido"),
  AJ: refused("Tipo de Movimento Inválido"),
  AK: refused("Código da Câmara de Compensação do Banco Favorecido/Depositário Inválido"),
  AL: refused("Código do Banco Favorecido, Instituição de Pagamento ou Depositário Inválido"),
  AM: refused("Agência Mantenedora da Conta Corrente do Favorecido Inválida"),
  AN: refused("Conta Corrente/DV/Conta de Pagamento do Favorecido Inválido"),
  AO: refused("Nome do Favorecido Não Informado"),
  AP: refused("Data Lançamento Inválido"),
  AQ: refused("Tipo/Quantidade da Moeda Inválido"),
  AR: refused("Valor do Lançamento Inválido"),
  AS: refused("Aviso ao Favorecido - Identificação Inválida"),
  AT: refused("Tipo/Número de Inscrição do Favorecido Inválido"),
  BB: refused("Seu Número Inválido"),
  BC: refused("Nosso Número Inválido"),
  BD: scheduled("Inclusão Efetuada com Sucesso"),
  BE: scheduled("Alteração Efetuada com Sucesso"),
  BF: refused("Exclusão Efetuada com Sucesso"),
  BG: refused("Agência/Conta Impedida Legalmente"),
  HA: refused("Lote Não Aceito"),
  HB: refused("Inscrição da Empresa Inválida para o Contrato"),
  HC: refused("Convênio com a Empresa Inexistente/Inválido para o Contrato"),
  HD: refused("Agência/Conta Corrente da Empresa Inexistente/Inválido para o Contrato"),
  HE: refused("Tipo de Serviço Inválido para o Contrato"),
  HF: refused("Conta Corrente da Empresa com Saldo Insuficiente"),
  HG: refused("Lote de Serviço Fora de Seqüência"),
  HH: refused("Lote de Serviço Inválido"),
  HI: refused("Arquivo não aceito"),
  HJ: refused("Tipo de Registro Inválido"),
  HK: refused("Código Remessa / Retorno Inválido"),
  HL: refused("Versão de layout inválida"),
  TA: refused("Lote Não Aceito - Totais do Lote com Diferença"),
  PA: refused("Pix não efetivado"),
  PB: refused("Transação interrompida devido a erro no PSP do Recebedor"),
  PC: refused("Número da conta transacional encerrada no PSP do Recebedor"),
  PD: refused("Tipo incorreto para a conta transacional especificada"),
  PE: refused("Tipo de transação não é suportado/autorizado na conta transacional especificada"),
  PF: refused(
    "CPF/CNPJ do usuário recebedor não é consistente com o titular da conta transacional especificada",
  ),
  PG: refused("CPF/CNPJ do usuário recebedor incorreto"),
  PH: refused("Ordem rejeitada pelo PSP do Recebedor"),
  PI: refused("ISPB do PSP do Pagador inválido ou inexistente"),
  PJ: refused("Chave não cadastrada no DICT"),
  PK: refused("QR Code inválido/vencido"),
  PL: refused("Forma de iniciação inválida"),
  PM: refused("Chave de pagamento inválida"),
  PN: refused("Chave de pagamento não informada"),
};

/**
 * Itaú SISPAG (manual "SISPAG – Layout de Arquivos CNAB 240", note 8), texts in
 * the manual's capitals as OCA's l10n_br_cnab_structure transcribes them
 * (data/cnab.occurrence.csv). SISPAG has codes of its own: 'BD' is 'pagamento
 * agendado', 'AE' a changed date, and there is no FEBRABAN P table.
 */
export const ITAU_OCCURRENCES: OccurrenceTable = {
  "00": paid("PAGAMENTO EFETUADO"),
  AE: scheduled("DATA DE PAGAMENTO ALTERADA"),
  AG: refused("NÚMERO DO LOTE INVÁLIDO"),
  AH: refused("NÚMERO SEQUENCIAL DO REGISTRO NO LOTE INVÁLIDO"),
  AJ: refused("TIPO DE MOVIMENTO INVÁLIDO"),
  AL: refused("CÓDIGO DO BANCO FAVORECIDO INVÁLIDO"),
  AM: refused("AGÊNCIA DO FAVORECIDO INVÁLIDA"),
  AN: refused("CONTA CORRENTE DO FAVORECIDO INVÁLIDA"),
  AO: refused("NOME DO FAVORECIDO INVÁLIDO"),
  AP: refused("DATA DE PAGAMENTO / DATA DE VALIDADE / HORA DE LANÇAMENTO / ARRECADAÇÃO / APURAÇÃO INVÁLIDA"),
  AR: refused("VALOR ARRECADADO / LANÇAMENTO INVÁLIDO"),
  BC: refused("NOSSO NÚMERO INVÁLIDO"),
  BD: scheduled("PAGAMENTO AGENDADO"),
  BE: scheduled("PAGAMENTO AGENDADO COM FORMA ALTERADA PARA OP"),
  BI: refused("CNPJ / CPF DO FAVORECIDO NO SEGMENTO J-52 OU B INVÁLIDO / DOCUMENTO FAVORECIDO INVÁLIDO PIX"),
  CD: refused("CNPJ / CPF INFORMADO DIVERGENTE DO CADASTRADO"),
  CE: refused("PAGAMENTO CANCELADO"),
  CK: refused("TIPO DE INSCRIÇÃO INVÁLIDA"),
  CN: refused("CONTA NÃO CADASTRADA"),
  DV: refused("DOC / TED DEVOLVIDO PELO BANCO FAVORECIDO"),
  HA: refused("ERRO NO LOTE"),
  HM: refused("ERRO NO REGISTRO HEADER DE ARQUIVO"),
  IM: refused("TIPO X FORMA NÃO COMPATÍVEL"),
  IN: refused("BANCO/AGÊNCIA NÃO CADASTRADOS"),
  IR: scheduled("PAGAMENTO ALTERADO"),
  LA: scheduled("DATA DE PAGAMENTO DE UM LOTE ALTERADA"),
  LC: refused("LOTE DE PAGAMENTOS CANCELADO"),
  NA: refused("PAGAMENTO CANCELADO POR FALTA DE AUTORIZAÇÃO"),
  NR: refused("OPERAÇÃO NÃO REALIZADA"),
  RJ: refused("REGISTRO REJEITADO"),
  SS: refused("PAGAMENTO CANCELADO POR INSUFICIÊNCIA DE SALDO / LIMITE DIÁRIO DE PAGTO EXCEDIDO"),
  TA: refused("LOTE NÃO ACEITO - TOTAIS DO LOTE COM DIFERENÇA"),
  TI: refused("TITULARIDADE INVÁLIDA"),
};

/**
 * A payment's outcome from all its codes: one refusal is enough to refuse it (the
 * bank lists every problem it found); otherwise a payment code wins over a
 * scheduling one, since 'paid' is the later state.
 */
export function outcomeOf(kinds: readonly OccurrenceKind[]): OccurrenceKind {
  if (kinds.includes("refused")) return "refused";
  if (kinds.includes("paid")) return "paid";
  return "scheduled";
}
