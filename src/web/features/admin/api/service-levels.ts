import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RequestKind } from "@/domain/requests/kinds";
import type { ServiceLevel, ServiceLevels } from "@/domain/sla/api";
import type { ServiceLevelInput } from "@/domain/sla/service-level";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";

/* Service levels (decision 014): src/server/modules/sla/sla.routes.ts. */

export const serviceLevelsQueryOptions = queryOptions({
  queryKey: ["admin", "service-levels"] as const,
  queryFn: ({ signal }) => api.get<ServiceLevels>(apiPaths.admin.serviceLevels, { signal }),
});

export function useServiceLevels() {
  return useQuery(serviceLevelsQueryOptions);
}

/** After a change the targets again, and the queue and requests, whose deadlines change with them. */
export function useSetServiceLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, input }: { kind: RequestKind; input: ServiceLevelInput }) =>
      api.put<ServiceLevel>(apiPaths.admin.serviceLevel(kind), input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["admin", "service-levels"] }),
        queryClient.invalidateQueries({ queryKey: ["review"] }),
      ]),
  });
}
