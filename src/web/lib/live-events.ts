import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiPaths } from "./api-paths";
import { ME_QUERY_KEY } from "./query-client";

/*
 * Live updates (decision 011): one EventSource on /api/eventos per signed-in tab.
 * Events only say what changed; the pages then ask the API again by
 * invalidating their queries. Spec §9's realtime constants: the server sends a
 * heartbeat every 30 s, a stream silent for 30 s more is dead, and reconnecting
 * waits 1, 2, 5, then 10 s (and 10 s from then on).
 */

export const LIVE_EVENTS_URL = apiPaths.events;
export const HEARTBEAT_MS = 30_000;
export const TIMEOUT_MS = 30_000;
/** No event, not even a ping, for this long: the stream is dead even if the browser thinks it open. */
export const SILENCE_LIMIT_MS = HEARTBEAT_MS + TIMEOUT_MS;
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;

/** Delay before the `attempt`-th reconnection in a row (1-based): 1, 2, 5, then 10 s for good. */
export function reconnectDelay(attempt: number): number {
  const index = Math.min(Math.max(attempt, 1), RECONNECT_DELAYS_MS.length) - 1;
  return RECONNECT_DELAYS_MS[index]!;
}

/** What the query prefixes of each event are (other features' pages use these keys). */
export const LIVE_INVALIDATIONS = {
  request: [["requests"], ["review"]],
  /** A plan's owner is notified of the client's comments and approval (decision 020): their plans too. */
  notification: [["notifications"], ["review"], ["planejamentos"]],
  /** Who is away changed: 'Quem está fora' asks again (decision 040). */
  absences: [["ausencias"]],
  /** The office's holidays changed (docs/decisions/060): they are read again, and the calendar shows them. */
  holidays: [["feriados"], ["ausencias"]],
  /** After a reconnection something may have been missed: everything live. */
  reconnected: [["requests"], ["review"], ["notifications"], ["planejamentos"], ["ausencias"], ["feriados"]],
  /**
   * The person's teams changed, or their session ended (the stream then closes): everything
   * live, and who they are — signed out, the page goes to /login (docs/decisions/030).
   */
  access: [
    ["requests"],
    ["review"],
    ["notifications"],
    ["planejamentos"],
    ["ausencias"],
    ["feriados"],
    ME_QUERY_KEY,
  ],
} as const satisfies Record<string, readonly (readonly string[])[]>;

/** The part of EventSource used here, so tests can hand in a fake. */
export type LiveSource = {
  addEventListener(type: string, listener: (event: MessageEvent | Event) => void): void;
  close(): void;
};

export type LiveEventsOptions = {
  url?: string;
  open?: (url: string) => LiveSource;
  onRequest: (data: { kind?: string; id?: string }) => void;
  onNotification: () => void;
  /** Who is away changed (decision 040). */
  onAbsences?: () => void;
  /** The office's holidays changed (docs/decisions/060). */
  onHolidays?: () => void;
  /** A stream opened again after one was lost. */
  onReconnected: () => void;
  /** The server says what this person may see changed, or that their session ended. */
  onAccessChanged?: () => void;
};

function parse(event: MessageEvent | Event): Record<string, string> {
  try {
    const data = JSON.parse(String((event as MessageEvent).data ?? "{}"));
    return typeof data === "object" && data ? data : {};
  } catch {
    return {};
  }
}

/**
 * Opens the stream and keeps it open until the returned function is called.
 * The browser's own EventSource retry is not used: on any error or silence the
 * source is closed and a new one opened after `reconnectDelay`, so the delays
 * are the spec's and a half-open connection (a proxy that stopped forwarding)
 * is noticed too.
 */
export function startLiveEvents(options: LiveEventsOptions): () => void {
  const url = options.url ?? LIVE_EVENTS_URL;
  const open = options.open ?? ((u: string) => new EventSource(u, { withCredentials: true }));
  let source: LiveSource | null = null;
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  /** Reconnections tried since the last stream that worked. */
  let attempt = 0;
  /** Whether a stream was ever lost: the next open one is a reconnection. */
  let lost = false;
  let stopped = false;

  const alive = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(fail, SILENCE_LIMIT_MS);
  };

  function fail() {
    if (stopped || !source) return;
    clearTimeout(watchdog);
    source.close();
    source = null;
    lost = true;
    attempt += 1;
    retry = setTimeout(connect, reconnectDelay(attempt));
  }

  function connect() {
    if (stopped) return;
    const current = open(url);
    source = current;
    const guard = (handler: (event: MessageEvent | Event) => void) => (event: MessageEvent | Event) => {
      if (source !== current) return;
      handler(event);
    };
    current.addEventListener(
      "open",
      guard(() => {
        attempt = 0;
        alive();
        if (lost) {
          lost = false;
          options.onReconnected();
        }
      }),
    );
    current.addEventListener("error", guard(fail));
    current.addEventListener("ping", guard(alive));
    current.addEventListener(
      "request",
      guard((event) => {
        alive();
        options.onRequest(parse(event));
      }),
    );
    // The events that carry nothing but their name.
    const named: [string, (() => void) | undefined][] = [
      ["notification", options.onNotification],
      ["ausencias", options.onAbsences],
      ["feriados", options.onHolidays],
      ["acesso", options.onAccessChanged],
    ];
    for (const [name, handler] of named)
      current.addEventListener(
        name,
        guard(() => {
          alive();
          handler?.();
        }),
      );
    // Until it opens, the watchdog also bounds a connection attempt that hangs.
    alive();
  }

  connect();
  return () => {
    stopped = true;
    clearTimeout(watchdog);
    clearTimeout(retry);
    source?.close();
    source = null;
  };
}

/**
 * 'acesso' also says this browser's own session was replaced (switching on the authenticator app
 * gives it a new one, decision 055): the event, on its own connection, can reach the page before
 * the browser has stored the answer's new cookie, and /api/me asked at once went out with the old
 * one and signed the page out (a walk failed so once). A browser stores an answer's cookies before
 * the fetch that asked resolves, so the page acts once none of its own changes is still waiting for
 * its answer; at most ACCESS_WAIT_MAX_MS, so that a page busy with a long upload still learns its
 * new access.
 */
export const ACCESS_WAIT_MAX_MS = 15_000;

/** Runs `then` once no mutation of this page is in flight, or after `maxMs`; the returned function cancels it. */
export function whenNoChangeInFlight(queryClient: QueryClient, then: () => void, maxMs = ACCESS_WAIT_MAX_MS) {
  if (queryClient.isMutating() === 0) {
    then();
    return () => {};
  }
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    unsubscribe();
    clearTimeout(timer);
    then();
  };
  const unsubscribe = queryClient.getMutationCache().subscribe(() => {
    if (queryClient.isMutating() === 0) finish();
  });
  const timer = setTimeout(finish, maxMs);
  return () => {
    done = true;
    unsubscribe();
    clearTimeout(timer);
  };
}

function invalidate(queryClient: QueryClient, prefixes: readonly (readonly string[])[]) {
  for (const queryKey of prefixes) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
}

/**
 * Mounted once in the signed-in layout: the stream lives while `userId` is
 * signed in, and closes on sign-out (or when another user signs in).
 */
export function useLiveEvents(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId || typeof EventSource === "undefined") return;
    let cancelAccess = () => {};
    const stop = startLiveEvents({
      onRequest: () => invalidate(queryClient, LIVE_INVALIDATIONS.request),
      onNotification: () => invalidate(queryClient, LIVE_INVALIDATIONS.notification),
      onAbsences: () => invalidate(queryClient, LIVE_INVALIDATIONS.absences),
      onHolidays: () => invalidate(queryClient, LIVE_INVALIDATIONS.holidays),
      onReconnected: () => invalidate(queryClient, LIVE_INVALIDATIONS.reconnected),
      onAccessChanged: () => {
        cancelAccess();
        cancelAccess = whenNoChangeInFlight(queryClient, () =>
          invalidate(queryClient, LIVE_INVALIDATIONS.access),
        );
      },
    });
    return () => {
      cancelAccess();
      stop();
    };
  }, [userId, queryClient]);
}
