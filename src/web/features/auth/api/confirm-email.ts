import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  ConfirmWithPasswordInput,
  ConfirmWithPasswordResult,
  Ok,
  PendingConfirmation,
  ResendConfirmationInputSchema,
} from "@/domain/auth/auth.schema";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";

/** Whose sign-up the confirmation link is for; changes nothing on the server. */
export function getPendingConfirmation(token: string, signal?: AbortSignal): Promise<PendingConfirmation> {
  return api.get<PendingConfirmation>(apiPaths.auth.confirmEmailPending(token), {
    signal,
  });
}

export const pendingConfirmationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["pending-confirmation", token] as const,
    queryFn: ({ signal }) => getPendingConfirmation(token, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function usePendingConfirmation(token: string) {
  return useQuery({ ...pendingConfirmationQueryOptions(token), enabled: token !== "" });
}

/** The set-password page's submit: spends the token, confirms the e-mail, sets name and password. */
export function confirmWithPassword(body: ConfirmWithPasswordInput): Promise<ConfirmWithPasswordResult> {
  return api.post<ConfirmWithPasswordResult>(apiPaths.auth.confirmEmail, body);
}

export function useConfirmWithPassword() {
  return useMutation({ mutationFn: confirmWithPassword });
}

/** 'Confirmar email' in the browser that registered: spends the token, keeps the sign-up's password. */
export function confirmInThisBrowser(token: string): Promise<ConfirmWithPasswordResult> {
  return api.post<ConfirmWithPasswordResult>(apiPaths.auth.confirmEmailThisBrowser, { token });
}

export function useConfirmInThisBrowser() {
  return useMutation({ mutationFn: confirmInThisBrowser });
}

/** 'Reenviar e-mail de confirmação' on /login. */
export function resendConfirmation(body: z.infer<typeof ResendConfirmationInputSchema>): Promise<Ok> {
  return api.post<Ok>(apiPaths.auth.confirmEmailResend, body);
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
