import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationList, NotificationPreferences } from "@/domain/notifications/api";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";

/* The bell and the 'Notificações' preference (decision 011). Live events invalidate ["notifications"]. */

export const notificationsQueryOptions = queryOptions({
  queryKey: ["notifications", "list"] as const,
  queryFn: ({ signal }) => api.get<NotificationList>(apiPaths.notifications.list, { signal }),
  staleTime: 30_000,
});

export function useNotifications() {
  return useQuery(notificationsQueryOptions);
}

/** Marks `ids` read, or every notification when there are none; the list shows it at once. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => api.post<void>(apiPaths.notifications.read, ids ? { ids } : {}),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: notificationsQueryOptions.queryKey });
      const before = queryClient.getQueryData(notificationsQueryOptions.queryKey);
      queryClient.setQueryData(notificationsQueryOptions.queryKey, (list) => {
        if (!list) return list;
        const read = (id: number) => !ids || ids.includes(id);
        const items = list.items.map((n) => (read(n.id) ? { ...n, lida: true } : n));
        const newlyRead = list.items.filter((n) => !n.lida && read(n.id)).length;
        return { items, naoLidas: Math.max(0, list.naoLidas - newlyRead) };
      });
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(notificationsQueryOptions.queryKey, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryOptions.queryKey }),
  });
}

export const preferencesQueryOptions = queryOptions({
  queryKey: ["notifications", "preferences"] as const,
  queryFn: ({ signal }) => api.get<NotificationPreferences>(apiPaths.notifications.preferences, { signal }),
});

export function usePreferences() {
  return useQuery(preferencesQueryOptions);
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferences) =>
      api.put<NotificationPreferences>(apiPaths.notifications.preferences, body),
    onSuccess: (saved) => queryClient.setQueryData(preferencesQueryOptions.queryKey, saved),
  });
}
