import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { PlanApproveInputSchema } from "@/domain/planning/api";
import { planMessages } from "@/domain/planning/messages";
import { type PlanContent, PlanContentSchema } from "@/domain/planning/plan-content.schema";
import { AppError } from "../../http/errors";
import { validate } from "../../http/validate";

/** Every issue of a nested schema, keyed by its dotted path ('calendario_editorial.semanas.0.posts.1.titulo'). */
export function issuesByPath(error: z.ZodError, prefix = ""): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".") || "_";
    fields[path] ??= issue.message;
  }
  return fields;
}

/**
 * Checks content against the plan schema of spec §3; what is wrong answers
 * `status` (422 for an automation, 400 for a person's save) with every path.
 */
export function parseContent(input: unknown, options: { status: 400 | 422; title: string; prefix?: string }) {
  const parsed = PlanContentSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields = issuesByPath(parsed.error, options.prefix);
  throw new AppError(
    options.status,
    "INVALID_PLAN_CONTENT",
    { title: options.title, description: Object.entries(fields)[0]?.join(": ") },
    fields,
  );
}

/** A person's save (`PUT /api/planejamentos/:id`): the version first, then the content with every wrong path. */
export function parseSaveBody(body: unknown): { version: number; content: PlanContent } {
  const { version } = validate(PlanApproveInputSchema, body);
  const content = parseContent((body as { content?: unknown }).content, {
    status: 400,
    title: planMessages.saveFailed,
    prefix: "content",
  });
  return { version, content };
}

/**
 * Gives every post a stable id and drops the task fields: a post keeps the id
 * it had in `previousIds` (so its Bitrix24 task stays attached across edits),
 * and anything else, new or unknown to this plan, gets a fresh one. Task state
 * lives in plan_post_tasks, never in what a client or generator sends.
 */
export function withPostIds(content: PlanContent, previousIds: ReadonlySet<string> = new Set()): PlanContent {
  const seen = new Set<string>();
  return {
    ...content,
    calendario_editorial: {
      semanas: content.calendario_editorial.semanas.map((week) => ({
        ...week,
        posts: week.posts.map((post) => {
          const keep = post.id !== undefined && previousIds.has(post.id) && !seen.has(post.id);
          const id = keep ? post.id! : randomUUID();
          seen.add(id);
          return { ...post, id, bitrix_created: false, bitrix_task_id: null };
        }),
      })),
    },
  };
}

export function postIds(calendar: PlanContent["calendario_editorial"] | null): Set<string> {
  const ids = new Set<string>();
  for (const week of calendar?.semanas ?? []) for (const post of week.posts) if (post.id) ids.add(post.id);
  return ids;
}
