import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { QueueCountSchema } from "@/domain/requests/review-api";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";

/**
 * How many requests wait for the signed-in member ('Caixa de entrada' badge,
 * decision 011). Under the ["review"] prefix, so live events refresh it with the queue.
 */
type QueueCount = z.infer<typeof QueueCountSchema>;

export const queueCountQueryOptions = queryOptions({
  queryKey: ["review", "count"] as const,
  queryFn: ({ signal }) => api.get<QueueCount>(apiPaths.caixa.count, { signal }),
  staleTime: 30_000,
});

export function useQueueCount(enabled: boolean) {
  return useQuery({ ...queueCountQueryOptions, enabled });
}
