import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace"] as const;
type Bindings = Parameters<FastifyBaseLogger["child"]>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger["child"]>[1]>;
type Pino = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

/**
 * Fastify gives every request a child logger with its id bound, and pino serializes (and redacts)
 * those bindings as the child is made: a few percent of a cached signed-in call (decision 026). At
 * LOG_LEVEL=warn most requests log nothing, so the child is made the first time a level that is
 * on is used; a level that is off costs one check. At info (Fastify logs every request) the
 * child is made with the request's first line, as before.
 */
export function lazyRequestLogger(
  logger: Pino,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  // A route's own level, or a logger that cannot say which levels are on: made at once.
  if (!logger.isLevelEnabled || options.level) return logger.child(bindings, options);
  return new LazyChild(logger, bindings, options) as unknown as FastifyBaseLogger;
}

type Level = (typeof LEVELS)[number];
type LogArgs = Parameters<FastifyBaseLogger["info"]>;

/**
 * One object per request, its methods on the prototype: the closures and the accessor defined on
 * a fresh object per request were 2 % of a cached signed-in call's time.
 */
class LazyChild {
  #made: FastifyBaseLogger | undefined;
  readonly #parent: Pino;
  readonly #bindings: Bindings;
  readonly #options: ChildOptions;

  constructor(parent: Pino, bindings: Bindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #child(): FastifyBaseLogger {
    this.#made ??= this.#parent.child(this.#bindings, this.#options);
    return this.#made;
  }

  #log(level: Level, args: LogArgs) {
    if (this.#made) this.#made[level](...args);
    else if (this.#parent.isLevelEnabled?.(level)) this.#child()[level](...args);
  }

  get level(): string {
    return (this.#made ?? this.#parent).level;
  }
  set level(level: string) {
    this.#child().level = level;
  }
  child(more: Bindings, moreOptions?: ChildOptions): FastifyBaseLogger {
    return this.#child().child(more, moreOptions);
  }
  silent() {}
  fatal(...args: LogArgs) {
    this.#log("fatal", args);
  }
  error(...args: LogArgs) {
    this.#log("error", args);
  }
  warn(...args: LogArgs) {
    this.#log("warn", args);
  }
  info(...args: LogArgs) {
    this.#log("info", args);
  }
  debug(...args: LogArgs) {
    this.#log("debug", args);
  }
  trace(...args: LogArgs) {
    this.#log("trace", args);
  }
}

/**
 * Request ids: a random prefix per process (instances sharing a log stay apart) and a counter,
 * where a random UUID per request cost as much as the rest of the id's uses together.
 */
export function requestIds(): () => string {
  const prefix = randomBytes(6).toString("base64url");
  let next = 0;
  return () => `${prefix}-${(next++).toString(36)}`;
}
