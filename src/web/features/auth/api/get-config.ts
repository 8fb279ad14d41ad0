import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "@/domain/auth/auth.schema";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";

export function getConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api.get<PublicConfig>(apiPaths.config, { signal });
}

export const configQueryOptions = queryOptions({
  queryKey: ["config"] as const,
  queryFn: ({ signal }) => getConfig(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useConfig() {
  return useQuery(configQueryOptions);
}
