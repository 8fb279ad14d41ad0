import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AccountSessionList,
  ChangePasswordInput,
  ChangePasswordResult,
  PasswordStatus,
} from "@/domain/auth/security.schema";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";

/** Whether the account has a password to change (docs/decisions/050). */
export const passwordStatusQueryOptions = queryOptions({
  queryKey: ["me-password"] as const,
  queryFn: ({ signal }) => api.get<PasswordStatus>(apiPaths.mePassword, { signal }),
  staleTime: 60_000,
});

export function usePasswordStatus() {
  return useQuery(passwordStatusQueryOptions);
}

/** The person's active sessions (docs/decisions/051). */
export const sessionsQueryOptions = queryOptions({
  queryKey: ["me-sessions"] as const,
  queryFn: ({ signal }) => api.get<AccountSessionList>(apiPaths.meSessions, { signal }),
  staleTime: 0,
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}

export function changePassword(body: ChangePasswordInput): Promise<ChangePasswordResult> {
  return api.post<ChangePasswordResult>(apiPaths.mePassword, body);
}

/** With 'Sair dos outros dispositivos' the list of sessions has changed: it is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
  });
}

export function endSession(id: string): Promise<void> {
  return api.delete(apiPaths.meSession(id));
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
  });
}
