import { EventEmitter } from "node:events";
import pg from "pg";

/**
 * Something changed that open pages may want to show (issue 11, live): a
 * request (its author and the teams that handle it are told), or a person's
 * notifications. Only ids travel: each page fetches what its reader may see.
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
  | { type: "notification"; userIds: string[] };

export type LiveBus = {
  publish(event: LiveEvent): Promise<void>;
  /** Called for every event published by any instance; answers the unsubscribe function. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
};

const CHANNEL = "balcao_live";
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; ours are ids only. */
const MAX_PAYLOAD = 7900;

/** One process: events go to this process's listeners (PGlite, where there is only one instance). */
export function createLocalBus(): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit("event", event);
    },
    subscribe(listener) {
      emitter.on("event", listener);
      return () => emitter.off("event", listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

type Log = { warn(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void };

/**
 * Several instances on one PostgreSQL: an event is published with NOTIFY and
 * every instance (this one included) hears it on its own LISTEN connection,
 * which is opened again after a failure (1, 2, 5, then 10 s apart).
 */
export function createPostgresBus(options: { url: string; log: Log }): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let listener: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | null = null;
  const publisher = new pg.Pool({ connectionString: options.url, max: 1 });
  publisher.on("error", (err) => options.log.warn({ err }, "live bus: publisher connection error"));

  async function connect() {
    const client = new pg.Client({ connectionString: options.url });
    client.on("error", (err) => {
      options.log.warn({ err }, "live bus: LISTEN connection lost");
      reconnect();
    });
    client.on("notification", (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        emitter.emit("event", JSON.parse(message.payload) as LiveEvent);
      } catch {
        // Not one of ours: ignored.
      }
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    listener = client;
    attempt = 0;
  }

  function reconnect() {
    if (closed || retry) return;
    const old = listener;
    listener = null;
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

  return {
    async publish(event) {
      const payload = JSON.stringify(event);
      if (payload.length > MAX_PAYLOAD) {
        options.log.warn({ type: event.type, bytes: payload.length }, "live bus: event too large, not sent");
        return;
      }
      await publisher.query("select pg_notify($1, $2)", [CHANNEL, payload]);
    },
    subscribe(fn) {
      emitter.on("event", fn);
      return () => emitter.off("event", fn);
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
