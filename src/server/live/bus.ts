import { EventEmitter } from "node:events";
import type pg from "pg";
import type { SessionEvent } from "../auth/session-events";

/**
 * Something changed that open pages may want to show (decision 011, live updates): a
 * request (its author and the teams that handle it are told), a person's
 * notifications, or the absence calendar (everyone). Only ids travel: each page
 * fetches what its reader may see.
 */
export type LiveEvent =
  | {
      type: "request";
      kind: string;
      id: string;
      /** Who sees it as its author. */
      userIds: string[];
      /** The teams that handle it, or whose approval it awaits. */
      teamIds: string[];
    }
  | { type: "notification"; userIds: string[] }
  /**
   * Who is away changed ('Quem está fora', docs/decisions/040): every signed-in
   * person sees the calendar, so every open stream hears it, with nothing more.
   */
  | { type: "ausencias" }
  /**
   * Finance's monthly limits changed (docs/decisions/046): only the caches of 'Caixa de
   * entrada''s flags hear it, on every instance; no open page is told.
   */
  | { type: "limites" }
  /**
   * The office's calendar changed ('Feriados', docs/decisions/060): every instance reads it again
   * (its service levels and day counts follow), and every open page asks for it again.
   */
  | { type: "feriados" };

/** One kind of message, heard by every instance. */
export type Topic<T> = {
  publish(event: T): Promise<void>;
  /** Called for every event published by any instance; answers the unsubscribe function. */
  subscribe(listener: (event: T) => void): () => void;
};

export type LiveBus = Topic<LiveEvent> & {
  /**
   * The session cache's evictions (auth/session-cache.ts, decision 012): their own
   * channel on the same LISTEN connection, so open pages never see them.
   */
  sessions: Topic<SessionEvent>;
  /**
   * Whether this instance hears every instance right now (always, in one process).
   * While it does not, a NOTIFY may be missed, so the session cache stays off.
   */
  listening(): boolean;
  /** Called each time `listening()` changes; answers the unsubscribe function. */
  onListeningChange(listener: (listening: boolean) => void): () => void;
  close(): Promise<void>;
};

const CHANNEL = "balcao_live";
const SESSIONS_CHANNEL = "balcao_sessions";
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; ours are ids only. */
const MAX_PAYLOAD = 7900;

/** What the local bus hears from the embedded database itself (PGlite's LISTEN). */
export type LocalNotifications = {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
};

/**
 * One process: events go to this process's listeners (PGlite, where there is only one instance).
 * Given the embedded database, it also hears what the database itself says on the sessions
 * channel (a user row deleted by hand, docs/decisions/030), and listens only once that is heard.
 */
export function createLocalBus(database?: LocalNotifications | null, log?: Log): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let listening = !database;
  let unlisten: (() => Promise<void>) | null = null;
  const ready = database
    ?.listen(SESSIONS_CHANNEL, (payload) => emitParsed(emitter, SESSIONS_CHANNEL, payload))
    .then(
      (stop) => {
        unlisten = stop;
        listening = true;
        emitter.emit("listening", true);
      },
      // Left not listening: the session cache then stays off rather than miss a deletion.
      (err) => log?.warn({ err }, "live bus: could not LISTEN on the embedded database"),
    );
  return {
    ...localTopic<LiveEvent>(emitter, CHANNEL),
    sessions: localTopic<SessionEvent>(emitter, SESSIONS_CHANNEL),
    listening: () => listening,
    onListeningChange(fn) {
      emitter.on("listening", fn);
      return () => emitter.off("listening", fn);
    },
    async close() {
      await ready;
      emitter.removeAllListeners();
      await unlisten?.().catch(() => {});
    },
  };
}

function emitParsed(emitter: EventEmitter, channel: string, payload: string) {
  try {
    emitter.emit(channel, JSON.parse(payload));
  } catch {
    // Not one of ours: ignored.
  }
}

function localTopic<T>(emitter: EventEmitter, channel: string): Topic<T> {
  return {
    async publish(event) {
      emitter.emit(channel, event);
    },
    subscribe(listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
  };
}

type Log = { warn(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void };

/**
 * Several instances on one PostgreSQL: an event is published with NOTIFY and
 * every instance (this one included) hears it on its own LISTEN connection,
 * which is opened again after a failure (1, 2, 5, then 10 s apart).
 */
export async function createPostgresBus(options: { url: string; log: Log }): Promise<LiveBus> {
  // Loaded only on PostgreSQL: pg's first load costs a PGlite start tens of ms (decision 024).
  const { Client, Pool } = (await import("pg")).default;
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let listener: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | null = null;
  const publisher = new Pool({ connectionString: options.url, max: 1 });
  publisher.on("error", (err) => options.log.warn({ err }, "live bus: publisher connection error"));

  function setListening(client: pg.Client | null) {
    const was = listener !== null;
    listener = client;
    if (was !== (client !== null)) emitter.emit("listening", client !== null);
  }

  async function connect() {
    const client = new Client({ connectionString: options.url });
    client.on("error", (err) => {
      options.log.warn({ err }, "live bus: LISTEN connection lost");
      reconnect();
    });
    client.on("notification", (message) => {
      if ((message.channel !== CHANNEL && message.channel !== SESSIONS_CHANNEL) || !message.payload) return;
      emitParsed(emitter, message.channel, message.payload);
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}; listen ${SESSIONS_CHANNEL}`);
    setListening(client);
    attempt = 0;
  }

  function reconnect() {
    if (closed || retry) return;
    const old = listener;
    setListening(null);
    old?.end().catch(() => {});
    const delay = [1000, 2000, 5000][attempt] ?? 10_000;
    attempt += 1;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((err) => {
        options.log.warn({ err }, "live bus: could not LISTEN; trying again");
        reconnect();
      });
    }, delay);
    retry.unref();
  }

  const ready = connect().catch((err) => {
    options.log.warn({ err }, "live bus: could not LISTEN; trying again");
    reconnect();
  });

  function topic<T extends { type: string }>(channel: string): Topic<T> {
    return {
      async publish(event) {
        const payload = JSON.stringify(event);
        if (payload.length > MAX_PAYLOAD) {
          options.log.warn(
            { type: event.type, bytes: payload.length },
            "live bus: event too large, not sent",
          );
          return;
        }
        await publisher.query("select pg_notify($1, $2)", [channel, payload]);
      },
      subscribe(fn) {
        emitter.on(channel, fn);
        return () => emitter.off(channel, fn);
      },
    };
  }

  return {
    ...topic<LiveEvent>(CHANNEL),
    sessions: topic<SessionEvent>(SESSIONS_CHANNEL),
    listening: () => listener !== null,
    onListeningChange(fn) {
      emitter.on("listening", fn);
      return () => emitter.off("listening", fn);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await ready;
      emitter.removeAllListeners();
      await listener?.end().catch(() => {});
      await publisher.end().catch(() => {});
    },
  };
}
