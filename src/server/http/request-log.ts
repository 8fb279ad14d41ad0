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
  const isOn = logger.isLevelEnabled?.bind(logger);
  // A route's own level, or a logger that cannot say which levels are on: made at once.
  if (!isOn || options.level) return logger.child(bindings, options);
  let child: FastifyBaseLogger | undefined;
  const made = () => {
    child ??= logger.child(bindings, options);
    return child;
  };
  const lazy: Partial<FastifyBaseLogger> = {
    child: (more, moreOptions) => made().child(more, moreOptions),
    silent: () => {},
  };
  Object.defineProperty(lazy, "level", {
    get: () => (child ?? logger).level,
    set: (level: string) => {
      made().level = level;
    },
  });
  for (const level of LEVELS) {
    lazy[level] = ((...args: Parameters<FastifyBaseLogger["info"]>) => {
      if (child) child[level](...args);
      else if (isOn(level)) made()[level](...args);
    }) as FastifyBaseLogger["info"];
  }
  return lazy as FastifyBaseLogger;
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
