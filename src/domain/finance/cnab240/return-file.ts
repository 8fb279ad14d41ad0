import { isIsoDate } from "../../dates";
import { type Field, RECORD_LENGTH, type RecordLayout, readRecord } from "./layout";
import { type OccurrenceKind, outcomeOf } from "./occurrences";
import { BANK_PROFILES, type BankProfile, type BankProfileId, profileForBank } from "./profiles";

/*
 * 'Enviar retorno do banco': the bank's return file ('retorno') read back into one
 * entry per payment, by our reference ('seu número', segment A 74–93), with the
 * occurrence codes of segment A 231–240 (FEBRABAN v10.11, G059) and what they
 * mean. The server makes a second upload of the same file change nothing; for that
 * it gets a stable identity of the file (fileKey) and entries it can match.
 *
 * Strict on form (240 characters, known record types, batches opened and closed),
 * tolerant of how the file travelled (LF or CRLF, a final newline, a byte-order
 * mark, the old end-of-file mark Ctrl-Z). A line that cannot be read is reported
 * with the reason, never guessed.
 */

export type ReturnOccurrence = { code: string; text: string };

export type ReturnEntry = {
  /** Our 'seu número'. */
  reference: string;
  /** What we asked the bank to pay (P010). */
  amountCents: number;
  /** What the bank says it paid (P004), when it filled it. */
  paidCents: number | null;
  /** 'yyyy-mm-dd' of the real payment (P003), when the bank filled it. */
  paidOn: string | null;
  occurrences: ReturnOccurrence[];
  outcome: OccurrenceKind;
  lineNumber: number;
};

export type UnknownLine = { lineNumber: number; reason: string };

export type ReturnFile =
  | {
      ok: true;
      profile: BankProfileId;
      bankCode: string;
      /** G018, our number echoed back; null where the bank's header has none (Itaú SISPAG). */
      fileNumber: number | null;
      /** 'yyyy-mm-dd' and 'hh:mm:ss' the bank made the file. */
      generatedOn: string;
      generatedTime: string;
      /** The same for the same file however often it is sent: bank, file number, date and time of generation. */
      fileKey: string;
      entries: ReturnEntry[];
      unknownLines: UnknownLine[];
    }
  | { ok: false; message: string };

/** Segments a transfer's return may carry that we have no use for (B and C repeat ours; Z is the bank's authentication). */
const IGNORED_SEGMENTS = new Set(["B", "C", "Z"]);

function pick<C>(layout: RecordLayout<C>, names: readonly string[]): Field<C>[] {
  return layout.filter((field) => names.includes(field.name));
}

function isoFromCnab(ddmmyyyy: string): string | null {
  const iso = `${ddmmyyyy.slice(4, 8)}-${ddmmyyyy.slice(2, 4)}-${ddmmyyyy.slice(0, 2)}`;
  return isIsoDate(iso) ? iso : null;
}

const END_OF_FILE = String.fromCharCode(0x1a);

/** The lines as the bank meant them: no BOM, no Ctrl-Z, no empty lines at the end. */
function splitLines(text: string): string[] {
  let body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  while (body.endsWith(END_OF_FILE)) body = body.slice(0, -1);
  const lines = body.split(/\r\n|\n|\r/);
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

type Header = {
  profile: BankProfile;
  bankCode: string;
  fileNumber: number | null;
  generatedOn: string;
  generatedTime: string;
};

function readHeader(line: string, profileId: BankProfileId | undefined): Header | string {
  if (line.length !== RECORD_LENGTH) {
    return `A primeira linha tem ${line.length} caracteres; um arquivo CNAB 240 tem linhas de ${RECORD_LENGTH}. Confira se é o arquivo de retorno do banco.`;
  }
  if (line[7] !== "0" || line.slice(3, 7) !== "0000") {
    return "A primeira linha não é um header de arquivo CNAB 240 (registro 0, lote 0000).";
  }
  const bankCode = line.slice(0, 3);
  const profile = profileId ? BANK_PROFILES[profileId] : profileForBank(bankCode);
  if (!profile) return `Perfil de banco desconhecido: "${profileId}".`;
  if (profile.bankCode && profile.bankCode !== bankCode) {
    return `O arquivo é do banco ${bankCode}, mas o perfil escolhido é "${profile.label}" (banco ${profile.bankCode}).`;
  }
  const names = ["direction", "date", "time", ...(profile.fileNumberInHeader ? ["fileNumber"] : [])];
  const read = readRecord(pick(profile.layouts.fileHeader, names), line);
  if (!read.ok) return `O header do arquivo não pôde ser lido: ${read.message}`;
  const { direction, date = "", time = "", fileNumber } = read.values;
  if (direction === "1")
    return "Este arquivo é uma remessa (código 1 na posição 143), não o retorno do banco.";
  if (direction !== "2") return `O código remessa/retorno (posição 143) é "${direction}"; um retorno tem 2.`;
  const generatedOn = isoFromCnab(date);
  const generatedTime = /^([01]\d|2[0-3])[0-5]\d[0-5]\d$/.test(time)
    ? `${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4)}`
    : null;
  if (!generatedOn || !generatedTime)
    return "A data ou a hora de geração no header do arquivo não são válidas.";
  return {
    profile,
    bankCode,
    fileNumber: fileNumber ? Number(fileNumber) : null,
    generatedOn,
    generatedTime,
  };
}

const A_FIELDS = ["yourNumber", "amount", "realDate", "realAmount", "occurrences"];

function readCodes(line: string, profile: BankProfile, reference: string): ReturnOccurrence[] | string {
  const raw = line.slice(230, 240);
  const codes: string[] = [];
  for (let at = 0; at < raw.length; at += 2) {
    const code = raw.slice(at, at + 2);
    if (code === "  ") continue;
    if (!/^[0-9A-Z]{2}$/.test(code))
      return `Ocorrência ilegível "${raw.trimEnd()}" (posições 231 a 240) no pagamento ${reference}.`;
    codes.push(code);
  }
  if (codes.length === 0)
    return `O pagamento ${reference} veio sem código de ocorrência (posições 231 a 240).`;
  const unknown = codes.filter((code) => !profile.occurrences[code]);
  if (unknown.length > 0) {
    const list = unknown.map((code) => `"${code}"`).join(", ");
    return `Código de ocorrência ${list} desconhecido no perfil "${profile.label}" (pagamento ${reference}): confira no manual do banco; o pagamento não foi marcado.`;
  }
  return codes.map((code) => ({ code, text: profile.occurrences[code]?.text ?? "" }));
}

function readSegmentA(line: string, lineNumber: number, profile: BankProfile): ReturnEntry | string {
  const read = readRecord(pick(profile.layouts.segmentA, A_FIELDS), line);
  if (!read.ok) return `Segmento A ilegível: ${read.message}`;
  const { yourNumber = "", amount = "0", realDate = "00000000", realAmount = "0" } = read.values;
  const reference = yourNumber.trim();
  if (!reference) return "Segmento A sem a referência do pagamento (seu número, posições 74 a 93).";
  const occurrences = readCodes(line, profile, reference);
  if (typeof occurrences === "string") return occurrences;
  const paidOn = /^0+$/.test(realDate) ? null : isoFromCnab(realDate);
  if (paidOn === null && !/^0+$/.test(realDate)) {
    return `A data real do pagamento ${reference} (posições 155 a 162) não é uma data: "${realDate}".`;
  }
  const kinds = occurrences.map((occurrence) => profile.occurrences[occurrence.code]?.kind ?? "refused");
  return {
    reference,
    amountCents: Number(amount),
    paidCents: Number(realAmount) > 0 ? Number(realAmount) : null,
    paidOn,
    occurrences,
    outcome: outcomeOf(kinds),
    lineNumber,
  };
}

type Walk = {
  entries: ReturnEntry[];
  unknownLines: UnknownLine[];
  batch: { number: string; records: number } | null;
  batches: number;
  records: number;
  closed: boolean;
};

function countMismatch(line: string, from: number, to: number, counted: number, what: string): string | null {
  const stated = line.slice(from - 1, to);
  if (/^\d+$/.test(stated) && Number(stated) === counted) return null;
  return `O trailer ${what} informa "${stated}" (posições ${from} a ${to}), mas foram lidos ${counted}.`;
}

function readDetail(walk: Walk, line: string, lineNumber: number, profile: BankProfile): string | null {
  if (!walk.batch) return "Registro de detalhe fora de um lote.";
  if (line.slice(3, 7) !== walk.batch.number)
    return `Registro do lote ${line.slice(3, 7)} dentro do lote ${walk.batch.number}.`;
  walk.batch.records += 1;
  walk.records += 1;
  const segment = line[13] ?? "";
  if (segment !== "A") {
    return IGNORED_SEGMENTS.has(segment)
      ? null
      : `Segmento "${segment}" não é de transferência PIX; não foi lido.`;
  }
  const entry = readSegmentA(line, lineNumber, profile);
  if (typeof entry === "string") return entry;
  walk.entries.push(entry);
  return null;
}

/** One record after the header; what is wrong with it, or null when it was read. */
function readLine(walk: Walk, line: string, lineNumber: number, header: Header): string | null {
  if (walk.closed) return "Registro depois do trailer do arquivo.";
  if (line.length !== RECORD_LENGTH)
    return `A linha tem ${line.length} caracteres; o CNAB 240 exige ${RECORD_LENGTH}.`;
  if (line.slice(0, 3) !== header.bankCode)
    return `A linha é do banco "${line.slice(0, 3)}", e o arquivo do banco ${header.bankCode}.`;
  const type = line[7];
  if (type === "3") return readDetail(walk, line, lineNumber, header.profile);
  if (type === "1") {
    const open = walk.batch ? `O lote ${walk.batch.number} ficou sem trailer. ` : "";
    walk.batch = { number: line.slice(3, 7), records: 1 };
    walk.batches += 1;
    walk.records += 1;
    return open || null;
  }
  if (type === "5") {
    if (!walk.batch) return "Trailer de lote sem o header do lote.";
    walk.batch.records += 1;
    walk.records += 1;
    const mismatch = countMismatch(line, 18, 23, walk.batch.records, `do lote ${walk.batch.number}`);
    walk.batch = null;
    return mismatch;
  }
  if (type === "9") {
    walk.closed = true;
    walk.records += 1;
    const open = walk.batch ? `O lote ${walk.batch.number} ficou sem trailer. ` : "";
    const mismatch =
      countMismatch(line, 18, 23, walk.batches, "do arquivo (lotes)") ??
      countMismatch(line, 24, 29, walk.records, "do arquivo (registros)");
    return open + (mismatch ?? "") || null;
  }
  if (type === "0") return "Segundo header de arquivo; um arquivo tem um só.";
  return `Tipo de registro "${type}" desconhecido (esperado 0, 1, 3, 5 ou 9).`;
}

/** The bank's return file read into entries per payment and the lines it could not read. */
export function readReturn(text: string, profile?: BankProfileId): ReturnFile {
  if (typeof text !== "string" || text.trim() === "") return { ok: false, message: "O arquivo está vazio." };
  const lines = splitLines(text);
  const header = readHeader(lines[0] ?? "", profile);
  if (typeof header === "string") return { ok: false, message: header };
  const walk: Walk = { entries: [], unknownLines: [], batch: null, batches: 0, records: 1, closed: false };
  lines.slice(1).forEach((line, index) => {
    const reason = readLine(walk, line, index + 2, header);
    if (reason) walk.unknownLines.push({ lineNumber: index + 2, reason });
  });
  if (!walk.closed) {
    return {
      ok: false,
      message:
        "O arquivo termina sem o trailer (registro 9): parece incompleto. Peça ao banco o arquivo inteiro.",
    };
  }
  const { bankCode, fileNumber, generatedOn, generatedTime } = header;
  return {
    ok: true,
    profile: header.profile.id,
    bankCode,
    fileNumber,
    generatedOn,
    generatedTime,
    fileKey: `${bankCode}-${String(fileNumber ?? 0).padStart(6, "0")}-${generatedOn}-${generatedTime.replaceAll(":", "")}`,
    entries: walk.entries,
    unknownLines: walk.unknownLines,
  };
}
