import type { SessionEvent } from "../auth/session-events";
import type { Topic } from "./bus";

/** How many live streams one person may hold open on one instance (docs/decisions/030). */
export const MAX_STREAMS_PER_PERSON = 10;

/** One open `GET /api/eventos`, as the registry sees it. */
export type OpenStream<U extends { id: string }> = {
  /** The session cache's key of the session it was opened with (null: the cookie was not ours). */
  readonly sessionKey: string | null;
  /** Whom it serves, as last checked. */
  user: U;
  /** Who the session belongs to now, or null once it has ended. */
  recheck(): Promise<U | null>;
  /** The person is still signed in, with another access (teams): it now serves `user`. */
  narrow(user: U): void;
  /** The session ended: the stream ends. */
  end(): void;
};

type Log = { warn(obj: unknown, msg?: string): void };

/**
 * The live streams open on this instance, kept authorised for as long as they are open
 * (docs/decisions/030). Every session event heard from any instance — a sign-out, every session
 * of a person ended, a change of teams, a user row deleted — has the streams it may concern ask
 * again who their session belongs to: ended, they end; changed, they narrow. Rechecks run one at
 * a time, each stream once however many events named it meanwhile, so a change of teams costs
 * one lookup per open stream, spread out rather than all at once.
 */
export function createOpenStreams<U extends { id: string }>(options: {
  topic: Topic<SessionEvent>;
  /** Whether what a person may see differs between two answers for them. */
  sameAccess: (before: U, after: U) => boolean;
  max?: number;
  log?: Log;
}) {
  const max = options.max ?? MAX_STREAMS_PER_PERSON;
  const byPerson = new Map<string, Set<OpenStream<U>>>();
  const due = new Set<OpenStream<U>>();
  let draining = false;

  const isOpen = (stream: OpenStream<U>) => byPerson.get(stream.user.id)?.has(stream) ?? false;

  function remove(stream: OpenStream<U>) {
    const own = byPerson.get(stream.user.id);
    own?.delete(stream);
    if (own?.size === 0) byPerson.delete(stream.user.id);
    due.delete(stream);
  }

  function settle(stream: OpenStream<U>, now: U | null) {
    try {
      if (now && now.id === stream.user.id) {
        const changed = !options.sameAccess(stream.user, now);
        stream.user = now;
        if (changed) stream.narrow(now);
        return;
      }
    } catch (err) {
      options.log?.warn({ err }, "live stream: could not be narrowed; ended");
    }
    remove(stream);
    stream.end();
  }

  async function drain() {
    if (draining) return;
    draining = true;
    try {
      for (let next = first(due); next; next = first(due)) {
        due.delete(next);
        if (!isOpen(next)) continue;
        const now = await next.recheck().catch((err: unknown) => {
          // Unknown is not authorised: the stream ends, and the page's reconnection asks again.
          options.log?.warn({ err }, "live stream: session could not be checked; ended");
          return null;
        });
        if (isOpen(next)) settle(next, now);
      }
    } finally {
      draining = false;
    }
  }

  function recheck(streams: Iterable<OpenStream<U>>) {
    for (const stream of streams) due.add(stream);
    // On a later turn: every other listener of the event (the session cache's eviction) has run.
    if (due.size) setImmediate(() => void drain());
  }

  function concerned(event: SessionEvent): OpenStream<U>[] {
    if (event.type === "user") return [...(byPerson.get(event.userId) ?? [])];
    const all = [...byPerson.values()].flatMap((own) => [...own]);
    return event.type === "all" ? all : all.filter((s) => s.sessionKey === event.key);
  }

  const unsubscribe = options.topic.subscribe((event) => recheck(concerned(event)));

  return {
    /** Takes the stream in, unless its person already holds `max` here: then false, and nothing is kept. */
    add(stream: OpenStream<U>): boolean {
      const own = byPerson.get(stream.user.id) ?? new Set();
      if (own.size >= max) return false;
      own.add(stream);
      byPerson.set(stream.user.id, own);
      return true;
    },
    remove,
    /** Asks again for these streams (the heartbeat's periodic check). */
    recheck,
    close: unsubscribe,
  };
}

function first<T>(set: Set<T>): T | undefined {
  return set.values().next().value;
}
