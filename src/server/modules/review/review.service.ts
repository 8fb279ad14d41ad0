import { todayInSaoPaulo } from "@/domain/dates";
import type { MoveData } from "@/domain/finance/move-notes";
import {
  capacityOf,
  type Person,
  type PersonTeam,
  type RequestRow,
  type Role,
  roleOf,
  scopeOf,
} from "@/domain/requests/access";
import type { RequestKind } from "@/domain/requests/kinds";
import type { ActionInput, CommentInput, QueueQuery } from "@/domain/requests/review-api";
import type { RequestState } from "@/domain/requests/workflow";
import type { Db, Executor } from "../../db/client";
import { notFound } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import type { FlagsCache } from "../finance/flags-cache";
import { AfterCommit } from "../notifications/after-commit";
import type { Notifier } from "../notifications/notifications.service";
import type { StoredFile } from "../requests/multipart";
import { findRequest } from "../requests/requests.queries";
import { createAnnouncer } from "./announce";
import { addComment } from "./comment";
import { type MoveDeps, act as move, moveWithin, resubmit as resubmitMove } from "./move";
import { type ManyMove, moveManyWithin } from "./move-many";

import { memberQueue, newForMember, queuedFor, queueOf, waitingCount } from "./queue";
import { readerOf, withStandInsFor } from "./stand-ins";
import { standingOf, timelinePage } from "./standing";

/** The bank files' moves of many requests, all or none, inside their transaction (move-many.ts). */
export type BankMoves = (moves: readonly ManyMove[]) => Promise<RequestRow[]>;
export type { ManyMove as ManyMoveInput };

type OwnMove = { kind: RequestKind; id: string };
type OwnMoveOptions = { via: "prestacao"; files?: readonly StoredFile[]; note?: MoveData };

const roleFor = (person: Person, kind: RequestKind, row: RequestRow): Role | null =>
  roleOf(capacityOf(person, kind, row));

/**
 * The moves a kind makes through its own routes (`via`), checked by the same machine, with the
 * kind's own fields written in the same transaction by `work` (a cash advance's settlement,
 * docs/decisions/067); the people concerned are told once it commits.
 */
function ownMovesWith(db: Db, moves: MoveDeps, announcer: ReturnType<typeof createAnnouncer>) {
  return async <T>(
    context: SignedInContext,
    work: (
      tx: Executor,
      move: (request: OwnMove, input: ActionInput, options: OwnMoveOptions) => Promise<RequestRow>,
    ) => Promise<T>,
  ) => {
    const after = new AfterCommit();
    const result = await db.transaction((tx) =>
      work(tx, (request, input, options) => moveWithin(moves, tx, after, context, request, input, options)),
    );
    await announcer.flush(after);
    return result;
  };
}

/**
 * The review desk (docs/decisions/011, 035), composed: who may see a request
 * (domain/requests/access.ts), where it stands (standing.ts), its moves
 * (move.ts, checked by domain/requests/machine.ts), its comments and the
 * queue (queue.ts). Finance's bulk moves and payment batch are given this
 * desk's `act` and `queued` (modules/finance/finance.service.ts).
 */
export function createReviewService(deps: {
  db: Db;
  notifier: Notifier;
  /** WEBHOOK_STATUS_URL is set: every state change goes through the outbox. */
  statusWebhook: boolean;
  /** The teams of the person at an address now (the daily summary's and the late reminders' queues). */
  teamsOf: (email: string) => Promise<{ teams: PersonTeam[] }>;
  /** The flags 'Caixa de entrada' keeps between changes (docs/decisions/046). */
  queueFlags?: FlagsCache;
  /** Today's date for payments and for who is away (tests set it). */
  clock?: () => Date;
}) {
  const { db } = deps;
  const announcer = createAnnouncer({ notifier: deps.notifier, statusWebhook: deps.statusWebhook });
  const moves: MoveDeps = { db, announcer, ...(deps.clock ? { clock: deps.clock } : {}) };

  const now = () => deps.clock?.() ?? new Date();

  /** The request, the reader (with the stand-ins it needs, stand-ins.ts) and their role; 404 when they may not see it. */
  async function access<P extends Person>(person: P, kind: RequestKind, id: string) {
    const row = await findRequest(db, kind, id);
    const reader = row ? await withStandInsFor(db, person, row, now()) : person;
    const role = row ? roleFor(reader, kind, row) : null;
    if (!row || !role) throw notFound();
    return { row, role, reader };
  }

  async function standingAfter(person: Person, kind: RequestKind, row: RequestRow) {
    const reader = await withStandInsFor(db, person, row, now());
    return standingOf(db, reader, kind, row, roleFor(reader, kind, row)!);
  }

  const standing = (person: Person, kind: RequestKind, row: RequestRow, role: Role) =>
    standingOf(db, person, kind, row, role);

  async function act(
    context: SignedInContext,
    kind: RequestKind,
    id: string,
    input: ActionInput,
    files?: readonly StoredFile[],
  ) {
    return standingAfter(context.user, kind, await move(moves, context, kind, id, input, files));
  }

  /**
   * Moves made by the bank's files, all in one transaction (a remittance sends every payment or
   * none; a return file records all it says or nothing): `work` gets the transaction and the move
   * to make per request; the people concerned are told once it commits (docs/decisions/059).
   */
  async function bankMoves<T>(
    context: SignedInContext,
    work: (tx: Executor, moveAll: BankMoves) => Promise<T>,
  ) {
    const after = new AfterCommit();
    const result = await db.transaction((tx) =>
      work(tx, (list) => moveManyWithin(moves, tx, after, context, list)),
    );
    await announcer.flush(after);
    return result;
  }

  return {
    access,
    standing,
    act,
    bankMoves,
    ownMoves: ownMovesWith(db, moves, announcer),
    created: announcer.created,
    async timeline(context: SignedInContext, kind: RequestKind, id: string, before?: number) {
      const { role } = await access(context.user, kind, id);
      return timelinePage(db, kind, id, role, before);
    },
    async comment(context: SignedInContext, kind: RequestKind, id: string, input: CommentInput) {
      const user = await readerOf(db, context.user, kind, id, now());
      const row = await addComment(db, announcer, { ...context, user }, { kind, id }, input);
      return standingAfter(context.user, kind, row);
    },
    async resubmit(
      context: SignedInContext,
      kind: RequestKind,
      id: string,
      update: Parameters<typeof resubmitMove>[4],
    ) {
      return standing(
        context.user,
        kind,
        await resubmitMove(moves, context, kind, id, update),
        "solicitante",
      );
    },
    queue: (context: SignedInContext, query: QueueQuery) =>
      queueOf(db, context.user, query, { flagsCache: deps.queueFlags, standInOn: todayInSaoPaulo(now()) }),
    count: (context: SignedInContext) => waitingCount(db, context.user, todayInSaoPaulo(now())),
    /** The requests of `kind` in `status` a person's queue lists, oldest first (finance's payment batch). */
    queued: (person: Person, kind: RequestKind, status: RequestState, limit: number) =>
      queuedFor(db, person, { kind, status }, limit),
    scopeOf,
    /** What reached the teams of `email` since `since`, for the daily summary (their own requests left out). */
    newForMember: (email: string, since: Date) => newForMember(db, email, since, deps.teamsOf),
    /** The oldest open requests of the queue of `email`, and their name, for the late reminders. */
    queueOfMember: (email: string, limit: number) => memberQueue(db, email, deps.teamsOf, {}, limit),
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
