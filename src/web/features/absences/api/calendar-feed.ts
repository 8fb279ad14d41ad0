import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CalendarFeedLinks, CalendarFeedStatus } from "@/domain/absences/feed-api";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";

/* 'Assinar calendário' (docs/decisions/060): src/server/modules/calendar-feeds/calendar-feeds.routes.ts. */

const statusKey = ["calendario", "assinatura"] as const;

export function calendarFeedQueryOptions() {
  return queryOptions({
    queryKey: statusKey,
    queryFn: ({ signal }) => api.get<CalendarFeedStatus>(apiPaths.meCalendarFeed, { signal }),
  });
}

export function useCalendarFeed(enabled: boolean) {
  return useQuery({ ...calendarFeedQueryOptions(), enabled });
}

/** 'Gerar novo link': the addresses come back this once; the status follows. */
export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeedLinks>(apiPaths.meCalendarFeed, {}),
    onSuccess: (links) =>
      queryClient.setQueryData<CalendarFeedStatus>(statusKey, { ativo: true, criadoEm: links.criadoEm }),
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(apiPaths.meCalendarFeed),
    onSuccess: () =>
      queryClient.setQueryData<CalendarFeedStatus>(statusKey, { ativo: false, criadoEm: null }),
  });
}
