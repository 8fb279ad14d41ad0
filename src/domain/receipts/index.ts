export {
  ACCESS_KEY_MODELS,
  type AccessKey,
  type AccessKeyModel,
  accessKeyCheckDigit,
  formatAccessKey,
  formatCnpj,
  formatCpf,
  parseAccessKey,
  STATE_BY_IBGE_CODE,
  type StateAbbreviation,
  type StateCode,
} from "./access-key";
export { formatIssueMonth, MODEL_LABELS, receiptAlreadyUsedMessage, receiptMessages } from "./messages";
export { type NfceEnvironment, type NfceQr, type NfceQrVersion, parseNfceQr } from "./nfce-qr";
export { monthsBetween, type ReceiptInput, readReceiptInput, receiptMonthFarFrom } from "./receipt-input";
