import type { FastifyInstance } from "fastify";
import { httpMessages } from "@/domain/messages";
import { AppError } from "./errors";

/*
 * PostgreSQL's text and jsonb cannot hold U+0000 (NUL): an insert or even a
 * lookup with one fails, which used to surface as a 500 from wherever the value
 * first met the database (the rate-limit key of a sign-in, a request's text, an
 * attachment's name). A lone UTF-16 surrogate has no UTF-8 form at all and would
 * be stored silently changed. Both are refused once, at the door, for every
 * string a request carries — JSON body (keys and values, at any depth), query
 * string, path parameters — and, through `unstorableFieldError`, for every
 * multipart text field and file name.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this looks for.
const UNSTORABLE = /\u0000|\p{Cs}/u;
/** A body of 1 MB holds at most this many offending strings worth naming. */
const MAX_REPORTED = 20;

export function isUnstorableText(value: string): boolean {
  return UNSTORABLE.test(value);
}

/** The paths (`a.b.0`) of every string, or object key, that holds a character PostgreSQL refuses. */
export function findUnstorableText(value: unknown, root = ""): string[] {
  // Most requests carry no query, no path parameters, or no body: nothing to walk.
  if (value === undefined || value === null || isEmptyObject(value)) return [];
  const found: string[] = [];
  // Iterative, so a deeply nested body cannot overflow the stack.
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0 && found.length < MAX_REPORTED) {
    const [current, path] = stack.pop()!;
    if (typeof current === "string") {
      if (isUnstorableText(current)) found.push(path || "_");
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], join(path, String(i))]);
    } else if (current !== null && typeof current === "object" && !Buffer.isBuffer(current)) {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (isUnstorableText(key)) found.push(join(path, printableName(key)));
        else stack.push([child, join(path, key)]);
      }
    }
  }
  return found.sort();
}

function isEmptyObject(value: unknown): boolean {
  if (typeof value !== "object" || Array.isArray(value) || Buffer.isBuffer(value)) return false;
  for (const _ in value) return false;
  return true;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** A field name as it can be shown back: each character PostgreSQL refuses becomes U+FFFD. */
export const printableName = (name: string) =>
  Array.from(name, (c) => (isUnstorableText(c) ? "\uFFFD" : c)).join("");

/** 400 naming each field that holds a character PostgreSQL refuses. */
export function unstorableFieldError(fields: Record<string, string>) {
  return new AppError(
    400,
    "INVALID_CHARACTERS",
    { title: httpMessages.badRequest, description: httpMessages.invalidCharactersDescription },
    fields,
  );
}

/** Refuses, before validation and before any handler, a request whose body, query or params PostgreSQL could not store. */
export function registerUnstorableTextCheck(app: FastifyInstance) {
  app.addHook("preValidation", (request, _reply, done) => {
    // Every request passes here: the common case (nothing found) builds nothing.
    const inParams = findUnstorableText(request.params);
    const inQuery = findUnstorableText(request.query);
    const inBody = findUnstorableText(request.body);
    if (inParams.length + inQuery.length + inBody.length === 0) return done();
    const paths = [...inParams, ...inQuery, ...inBody];
    done(unstorableFieldError(Object.fromEntries(paths.map((p) => [p, httpMessages.invalidCharacters]))));
  });
}
