import { ApiRequestError } from "@/web/lib/api-client";

/** A 401 shows nothing: the session is gone and the app already sends the user to /login. */
export const isUnauthorized = (error: unknown) => error instanceof ApiRequestError && error.status === 401;

export const hasCode = (error: unknown, code: string) =>
  error instanceof ApiRequestError && error.code === code;

export const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;
