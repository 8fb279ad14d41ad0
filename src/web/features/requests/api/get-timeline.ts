import type { TimelinePage } from "@/domain/requests/review-api";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";

/** The timeline entries before entry `before`, a page at a time (docs/decisions/031). */
export function getTimelineBefore(tipo: string, id: string, before: number): Promise<TimelinePage> {
  return api.get<TimelinePage>(apiPaths.requests.timeline(tipo, id, { antes: before }));
}
