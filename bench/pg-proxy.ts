// A TCP proxy between a server under test and PostgreSQL that records every round trip the
// server makes, with its SQL and parameters. PostgreSQL's own statistics cannot give a
// per-request figure: a backend flushes them at most once a second (ten seconds when idle),
// and the outbox worker's poll lands in the same database every second. On the wire, a round
// trip is exact: the client sends a simple Query, or a batch of extended-protocol messages
// closed by Sync, then waits for ReadyForQuery (node-postgres never pipelines two of them).
// The proxy also times each one, from the closing message to ReadyForQuery: the database's
// share of a request, rows' transfer included.
import net from "node:net";
import { errorMessage, log } from "./lib";

export type Statement = { sql: string; params: (string | null)[] };

export type RoundTrip = {
  /** performance.now() when the proxy read the closing Query or Sync. */
  at: number;
  /** The statements of the batch (one for node-postgres); empty for a bare Sync. */
  statements: Statement[];
  /** Milliseconds until the proxy read ReadyForQuery; undefined while the answer is coming. */
  ms?: number;
  /** Bytes the server answered with. */
  bytes: number;
};

export type PgProxy = {
  /** The connection URL of `database` through the proxy. */
  url(database: string): string;
  /** Every round trip so far, in order; a caller slices it around what it measures. */
  roundTrips: RoundTrip[];
  /** Connections opened through the proxy so far (each costs round trips of its own). */
  connections(): number;
  close(): Promise<void>;
};

const SSL_REQUEST = 80_877_103;
const GSSENC_REQUEST = 80_877_104;

function cString(buffer: Buffer, offset: number): [string, number] {
  const end = buffer.indexOf(0, offset);
  if (end < 0) throw new Error("unterminated string in a PostgreSQL message");
  return [buffer.toString("utf8", offset, end), end + 1];
}

/** Splits a stream into typed messages (type byte, then a length that counts itself). */
function typedMessages(onMessage: (type: string, body: Buffer) => void) {
  let pending: Buffer = Buffer.alloc(0);
  return (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length >= 5) {
      const length = pending.readInt32BE(1);
      if (pending.length < 1 + length) return;
      const type = String.fromCharCode(pending[0]!);
      const body = pending.subarray(5, 1 + length);
      pending = pending.subarray(1 + length);
      onMessage(type, body);
    }
  };
}

/**
 * Reads the frontend (client → server) half of one connection's protocol stream;
 * `onSslRequest` is told of each SSLRequest or GSSENCRequest, which the server answers with
 * one untyped byte.
 */
function frontendReader(onRoundTrip: (statements: Statement[]) => void, onSslRequest: () => void) {
  let pending: Buffer = Buffer.alloc(0);
  // Until the StartupMessage, messages carry no type byte (SSLRequest and GSSENCRequest may come first).
  let startup = true;
  const prepared = new Map<string, string>();
  let batch: Statement[] = [];

  function message(type: string, body: Buffer) {
    switch (type) {
      case "Q": {
        onRoundTrip([{ sql: cString(body, 0)[0], params: [] }]);
        break;
      }
      case "P": {
        const [name, next] = cString(body, 0);
        prepared.set(name, cString(body, next)[0]);
        break;
      }
      case "B": {
        let [, offset] = cString(body, 0); // portal
        const [statement, afterName] = cString(body, offset);
        offset = afterName;
        const formats = body.readInt16BE(offset);
        const binary = Array.from({ length: formats }, (_, i) => body.readInt16BE(offset + 2 + 2 * i) === 1);
        offset += 2 + 2 * formats;
        const count = body.readInt16BE(offset);
        offset += 2;
        const params: (string | null)[] = [];
        for (let i = 0; i < count; i++) {
          const length = body.readInt32BE(offset);
          offset += 4;
          if (length < 0) {
            params.push(null);
            continue;
          }
          const value = body.subarray(offset, offset + length);
          offset += length;
          // One format code applies to all parameters; none means text.
          const isBinary = formats === 1 ? binary[0] : binary[i];
          params.push(isBinary ? `\\x${value.toString("hex")}` : value.toString("utf8"));
        }
        batch.push({ sql: prepared.get(statement) ?? `(prepared statement "${statement}")`, params });
        break;
      }
      case "S": {
        onRoundTrip(batch);
        batch = [];
        break;
      }
    }
  }

  const typed = typedMessages(message);
  return (chunk: Buffer) => {
    if (!startup) return typed(chunk);
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (startup && pending.length >= 8) {
      const length = pending.readInt32BE(0);
      if (pending.length < length) return;
      const code = pending.readInt32BE(4);
      pending = pending.subarray(length);
      if (code === SSL_REQUEST || code === GSSENC_REQUEST) onSslRequest();
      else startup = false;
    }
    if (!startup && pending.length) typed(pending);
  };
}

/**
 * Reads the backend (server → client) half: each ReadyForQuery closes the oldest open round
 * trip of the connection (the one after start-up closes none).
 */
function backendReader(open: RoundTrip[], untypedBytes: { count: number }) {
  const typed = typedMessages((type, body) => {
    const trip = open[0];
    if (!trip) return;
    trip.bytes += 5 + body.length;
    if (type === "Z") {
      trip.ms = performance.now() - trip.at;
      open.shift();
    }
  });
  return (chunk: Buffer) => {
    const skip = Math.min(untypedBytes.count, chunk.length);
    untypedBytes.count -= skip;
    typed(skip ? chunk.subarray(skip) : chunk);
  };
}

/**
 * Listens on a free loopback port and forwards every connection to the server of `serverUrl`
 * (a postgres:// URL), reading what passes.
 */
export async function startPgProxy(serverUrl: string): Promise<PgProxy> {
  const target = new URL(serverUrl);
  const roundTrips: RoundTrip[] = [];
  const sockets = new Set<net.Socket>();
  let opened = 0;

  const server = net.createServer((client) => {
    opened += 1;
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      // The proxy must not add Nagle's delay to either direction.
      socket.setNoDelay(true);
      sockets.add(socket);
      socket.once("close", () => sockets.delete(socket));
    }
    const open: RoundTrip[] = [];
    const untypedBytes = { count: 0 };
    const readFrontend = frontendReader(
      (statements) => {
        const trip: RoundTrip = { at: performance.now(), statements, bytes: 0 };
        roundTrips.push(trip);
        open.push(trip);
      },
      () => {
        untypedBytes.count += 1;
      },
    );
    const readBackend = backendReader(open, untypedBytes);
    const guard = (read: (chunk: Buffer) => void) => (chunk: Buffer) => {
      try {
        read(chunk);
      } catch (err) {
        // A message this reader misunderstood: the counts would be wrong, so say so loudly.
        log(`pg proxy: could not read the protocol stream: ${errorMessage(err)}`);
        client.destroy();
      }
    };
    client.on("data", guard(readFrontend));
    upstream.on("data", guard(readBackend));
    client.pipe(upstream);
    upstream.pipe(client);
    client.once("close", () => upstream.destroy());
    upstream.once("close", () => client.destroy());
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as net.AddressInfo;

  return {
    url: (database) => {
      const url = new URL(serverUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      url.pathname = `/${database}`;
      return url.toString();
    },
    roundTrips,
    connections: () => opened,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
