import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  DisableTotpInput,
  Passkey,
  PasskeyOptions,
  PasswordConfirmation,
  RecoveryCodes,
  SecondFactorStatus,
  TotpCodeInput,
  TotpEnrolment,
} from "@/domain/auth/second-factor";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { meQueryKey } from "@/web/lib/get-me";

/** The person's second factor (docs/decisions/054): the app, the codes left, passkeys, whether required. */
export const secondFactorQueryOptions = queryOptions({
  queryKey: ["me-second-factor"] as const,
  queryFn: ({ signal }) => api.get<SecondFactorStatus>(apiPaths.secondFactor.status, { signal }),
  staleTime: 0,
});

export function useSecondFactor() {
  return useQuery(secondFactorQueryOptions);
}

/** Whatever changed the factor changes what the page shows and, maybe, whether the gate holds. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: secondFactorQueryOptions.queryKey }),
      queryClient.invalidateQueries({ queryKey: meQueryKey }),
    ]);
}

export function useStartTotp() {
  return useMutation({
    mutationFn: (body: PasswordConfirmation) => api.post<TotpEnrolment>(apiPaths.secondFactor.totp, body),
  });
}

/** `me` is left for the page to refresh once the codes were seen (the gate's page keeps them on screen). */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TotpCodeInput) => api.post<RecoveryCodes>(apiPaths.secondFactor.totpConfirm, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorQueryOptions.queryKey }),
  });
}

export function useDisableTotp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: DisableTotpInput) => api.post<{ ok: true }>(apiPaths.secondFactor.totpDisable, body),
    onSuccess: refresh,
  });
}

export function useRenewRecoveryCodes() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: PasswordConfirmation) =>
      api.post<RecoveryCodes>(apiPaths.secondFactor.recoveryCodes, body),
    onSuccess: refresh,
  });
}

/**
 * A new passkey (docs/decisions/056): the server's options, the browser's authenticator (its
 * library loaded only now), then the server checks and keeps it.
 */
export async function registerPasskey(name: string): Promise<Passkey> {
  const optionsJSON = await api.post<PasskeyOptions>(apiPaths.secondFactor.passkeyOptions, {});
  const { startRegistration } = await import("@simplewebauthn/browser");
  const response = await startRegistration({ optionsJSON: optionsJSON as never });
  return api.post<Passkey>(apiPaths.secondFactor.passkeys, { response, name });
}

export function useRegisterPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorQueryOptions.queryKey }),
  });
}

export function useRemovePasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.delete(apiPaths.secondFactor.passkey(id)),
    onSuccess: refresh,
  });
}
