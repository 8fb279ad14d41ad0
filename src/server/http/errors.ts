import { httpMessages, type Notice } from "@/domain/messages";

/** An answer the client is meant to read: status, Portuguese texts and, for forms, field messages. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly notice: Notice,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** More the client may read beside the texts (e.g. a request's current state on a 409). */
    readonly extra?: Record<string, string | number | boolean | null>,
  ) {
    super(notice.title);
  }

  toBody() {
    return {
      message: this.notice.title,
      ...(this.notice.description ? { description: this.notice.description } : {}),
      code: this.code,
      ...(this.fields ? { fields: this.fields } : {}),
      ...(this.extra ?? {}),
    };
  }
}

export const unauthorized = () =>
  new AppError(401, "UNAUTHORIZED", { title: "Não autenticado", description: httpMessages.unauthorized });

export const forbidden = () =>
  new AppError(403, "FORBIDDEN", { title: "Acesso negado", description: httpMessages.forbidden });

/** 400 on one form field: its message is the answer's description too. */
export const fieldError = (field: string, message: string) =>
  new AppError(
    400,
    "VALIDATION",
    { title: httpMessages.badRequest, description: message },
    { [field]: message },
  );

export const notFound = () => new AppError(404, "NOT_FOUND", { title: httpMessages.notFound });

export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(
    429,
    "TOO_MANY_REQUESTS",
    {
      title: httpMessages.tooManyRequests,
      description: httpMessages.tooManyRequestsDescription(Math.max(1, Math.ceil(retryAfterSeconds / 60))),
    },
    undefined,
    { "retry-after": String(retryAfterSeconds) },
  );
