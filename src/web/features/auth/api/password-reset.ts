import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Ok } from "@/domain/auth/auth.schema";
import type {
  PasswordResetLink,
  RequestPasswordResetInput,
  ResetPasswordInput,
  ResetPasswordResult,
} from "@/domain/auth/security.schema";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { meQueryKey } from "@/web/lib/get-me";

/** 'Esqueci minha senha': the same answer whether or not the address has an account. */
export function requestPasswordReset(body: RequestPasswordResetInput): Promise<Ok> {
  return api.post<Ok>(apiPaths.auth.passwordResetRequest, body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** Whose password the link sets; a used, replaced or expired link answers LINK_INVALID. */
export function getPasswordResetLink(token: string, signal?: AbortSignal): Promise<PasswordResetLink> {
  return api.get<PasswordResetLink>(apiPaths.auth.passwordResetLink(token), { signal });
}

export const passwordResetLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["password-reset-link", token] as const,
    queryFn: ({ signal }) => getPasswordResetLink(token, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function usePasswordResetLink(token: string) {
  return useQuery({ ...passwordResetLinkQueryOptions(token), enabled: token !== "" });
}

/** Spends the link: the new password, and every session of the account ended. */
export function resetPassword(body: ResetPasswordInput): Promise<ResetPasswordResult> {
  return api.post<ResetPasswordResult>(apiPaths.auth.passwordReset, body);
}

/** Every session of the account ended, this browser's too (if it was that account's): as at logout. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({
        predicate: (query) => !["me", "config"].includes(String(query.queryKey[0])),
      });
    },
  });
}
