import type { Person, RequestRow, Role } from "@/domain/requests/access";
import type { RequestKind } from "@/domain/requests/kinds";
import type { RequestStanding } from "@/domain/requests/review-api";
import type { Executor } from "../../db/client";
import type { SignedInContext } from "../../http/request-context";
import type { AfterCommit } from "../notifications/after-commit";

/**
 * What the requests service asks of the review desk (modules/review): who may read a
 * request, its standing, its first event, its resubmission. Passed in: the
 * desk reads and moves requests, so this module never imports it
 * (docs/decisions/035).
 */
export type ReviewDesk = {
  /** `reader`: the person as the desk reads them for this request (a stand-in's approvals, docs/decisions/060). */
  access(
    person: Person,
    kind: RequestKind,
    id: string,
  ): Promise<{ row: RequestRow; role: Role; reader: Person }>;
  standing(person: Person, kind: RequestKind, row: RequestRow, role: Role): Promise<RequestStanding>;
  created(
    tx: Executor,
    after: AfterCommit,
    context: SignedInContext,
    kind: RequestKind,
    row: RequestRow,
  ): Promise<void>;
  resubmit(
    context: SignedInContext,
    kind: RequestKind,
    id: string,
    update: (tx: Executor, row: RequestRow) => Promise<Record<string, { de: unknown; para: unknown }>>,
  ): Promise<RequestStanding>;
  flush(after: AfterCommit): Promise<void>;
};
