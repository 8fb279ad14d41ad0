import type { z } from "zod";
import { httpMessages } from "@/domain/messages";
import { AppError } from "./errors";

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Validation with the shared schema: 400 with the first message of every field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "_")] ??= issue.message;
  const first = Object.values(fields)[0];
  throw new AppError(400, "VALIDATION", { title: httpMessages.badRequest, description: first }, fields);
}
