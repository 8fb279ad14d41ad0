import { httpMessages } from "@/domain/messages";
import { rulesForValues } from "@/domain/requests/attachments";
import { type RequestKind, requestKind } from "@/domain/requests/kinds";
import { AppError } from "../../http/errors";
import { signAttachmentPath } from "../../storage/signed-link";
import { centsToNumeric, numericToCents } from "./money-column";
import type { MultipartRequest } from "./multipart";
import type { RequestsServiceDeps } from "./requests-deps";

type StoredUpload = MultipartRequest["files"][number];

/** A stored record's money fields in cents become numeric(12,2) text for the table, and back. */
export function toColumns(kind: RequestKind, record: Record<string, unknown>): Record<string, unknown> {
  const values = { ...record };
  for (const field of requestKind(kind).moneyFields) {
    if (typeof values[field] === "number") values[field] = centsToNumeric(values[field] as number);
  }
  return values;
}

export function fromColumns(kind: RequestKind, row: Record<string, unknown>): Record<string, unknown> {
  const values = { ...row };
  for (const field of requestKind(kind).moneyFields) {
    if (typeof values[field] === "string") values[field] = numericToCents(values[field] as string);
  }
  return values;
}

function fileCountError(message: string) {
  return new AppError(
    400,
    "VALIDATION",
    { title: httpMessages.badRequest, description: message },
    { anexo: message },
  );
}

/**
 * Every request kind through one service, driven by its registry entry
 * (src/domain/requests/kinds): validated with the kind's schema, stored with
 * its files and its webhook in one transaction, listed, shown and resent.

/**
 * Files are counted after the fields are checked: the fields' messages come
 * first (spec §5), and the fields may make a file required (a medical leave).
 */
export function checkFileCount(kind: RequestKind, count: number, values: Readonly<Record<string, unknown>>) {
  const declared = requestKind(kind).attachments?.rules;
  if (!declared) return;
  const rules = rulesForValues(declared, values);
  if (count < rules.min) throw fileCountError(rules.messages.required ?? "Arquivo é obrigatório");
  if (rules.max !== undefined && count > rules.max)
    throw fileCountError(rules.messages.tooMany ?? rules.messages.type);
}

/** A signed, expiring address of a stored file, for a webhook's receiver. */
export function signedFileUrl(
  deps: Pick<RequestsServiceDeps, "publicUrl" | "linkSecret" | "linkTtlSeconds">,
  id: string,
) {
  return `${deps.publicUrl}${signAttachmentPath({
    id,
    expiresAt: new Date(Date.now() + deps.linkTtlSeconds * 1000),
    secret: deps.linkSecret,
  })}`;
}

export function createdOf(kind: RequestKind, row: { id: string; status: string; createdAt: Date }) {
  return {
    tipo: kind,
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    duplicate: false,
  };
}

/** The rows of stored files of a request, as `anexos` keeps them. */
export function attachmentRows(
  files: readonly StoredUpload[],
  request: { kind: RequestKind; id: string; userId: string },
) {
  return files.map((file) => ({
    userId: request.userId,
    solicitacaoTipo: request.kind,
    solicitacaoId: request.id,
    storageKey: file.key,
    nomeOriginal: file.originalName,
    nomeArquivo: file.storedName,
    contentType: file.contentType,
    tamanho: file.bytes,
    sha256: file.sha256,
  }));
}
