import { todayInSaoPaulo } from "@/domain/dates";
import { type RequestKind, requestKind } from "@/domain/requests/kinds";
import type { Db } from "../../db/client";
import type { SignedInContext } from "../../http/request-context";
import { validate } from "../../http/validate";
import { downloadPath } from "./attachment-view";
import { guardKind, whenRaced } from "./kind-guards";
import {
  deleteAttachments,
  findRequestAttachments,
  insertAttachments,
  updateRequestFields,
} from "./requests.queries";
import type { CreateRequestInput, RequestsServiceDeps } from "./requests-deps";
import { attachmentRows, checkFileCount, fromColumns, toColumns } from "./stored-record";

/** 'Editar e reenviar' (decision 011): the author changes what the team sent back, with the same rules. */
export function requestResubmission(deps: RequestsServiceDeps) {
  /**
   * 'Editar e reenviar' (docs/decisions/011): the author changes the fields and files of a
   * request the team sent back (Aguardando ajuste). The same rules as sending it;
   * `keep` names the attachments that stay (all when absent); the timeline keeps
   * what changed. Removed files leave storage once the change is committed.
   */
  async function resubmit(
    kind: RequestKind,
    context: SignedInContext,
    id: string,
    input: CreateRequestInput & { keep?: string[] | undefined },
  ) {
    const definition = requestKind(kind);
    const requester = { name: context.user.name, email: context.user.email };
    const values = validate(definition.schema(todayInSaoPaulo()), {
      ...input.fields,
      ...definition.session?.values(requester, input.fields),
    });
    const record = definition.toRecord(values, requester) as Record<string, unknown>;
    const attachments = definition.attachments;
    const urlListField = attachments?.urlListField;
    const answerField =
      definition.delivery.mode === "immediate" ? definition.delivery.answerField : undefined;
    let removedKeys: string[] = [];
    const standing = await deps.review
      .resubmit(context, kind, id, async (tx, row) => {
        const current = fromColumns(kind, row);
        const changed: Record<string, { de: unknown; para: unknown }> = {};
        const updates: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(record)) {
          if (key === urlListField || key === answerField) continue;
          if (JSON.stringify(current[key] ?? null) !== JSON.stringify(value ?? null)) {
            changed[key] = { de: current[key] ?? null, para: value ?? null };
            updates[key] = value;
          }
        }
        if (attachments) {
          const existing = await findRequestAttachments(tx as Db, kind, id);
          const keep = input.keep ? existing.filter((a) => input.keep!.includes(a.id)) : existing;
          const removed = existing.filter((a) => !keep.includes(a));
          const added = input.upload?.files ?? [];
          checkFileCount(kind, keep.length + added.length, record);
          if (removed.length || added.length) {
            const stored = await deleteAttachments(
              tx as Db,
              removed.map((a) => a.id),
            );
            removedKeys = stored;
            const saved = added.length
              ? await insertAttachments(tx as Db, attachmentRows(added, { kind, id, userId: row.userId }))
              : [];
            changed.anexos = {
              de: existing.map((a) => a.nome).join(", "),
              para: [...keep.map((a) => a.nome), ...added.map((f) => f.originalName)].join(", "),
            };
            if (urlListField) {
              const ids = [...keep.map((a) => a.id), ...saved.map((a) => a.id)];
              updates[urlListField] = ids.length
                ? ids.map((a) => `${deps.publicUrl}${downloadPath(a)}`).join(",")
                : null;
            }
          }
        }
        if (Object.keys(updates).length) {
          Object.assign(
            updates,
            await guardKind(
              tx as Db,
              kind,
              record,
              { self: id, userId: String(row.userId) },
              deps.moreGuards,
            ),
          );
          await updateRequestFields(tx as Db, kind, id, toColumns(kind, updates));
        }
        return changed;
      })
      .catch((err) => whenRaced(err, deps.db, kind, record, { self: id, userId: context.user.id }));
    await Promise.all(
      removedKeys.map((key) =>
        deps.storage
          .delete(key)
          .catch((err) => context.log.error({ err, key }, "could not remove a replaced file")),
      ),
    );
    return standing;
  }

  return { resubmit };
}
