import type { PasskeyOptions } from "@/domain/auth/second-factor";
import { secondFactorMessages } from "@/domain/auth/second-factor-rules";
import { ApiRequestError, api } from "./api-client";
import { apiPaths } from "./api-paths";
import { meQueryKey } from "./get-me";
import { notifyError } from "./notify";
import { queryClient } from "./query-client";
import { toastApiError } from "./toast-api-error";

/**
 * 'Entrar com chave de acesso' (docs/decisions/056), on /login and on the page of someone whose
 * factor is a passkey, loaded on its click, outside /login's first download (docs/decisions/025):
 * the server's options, the browser's passkey for this site, then the server signs in (a new
 * session replaces the cookie). True once signed in; a refusal or a cancellation is a toast.
 */
export async function signInWithPasskey(): Promise<boolean> {
  try {
    const optionsJSON = await api.post<PasskeyOptions>(apiPaths.secondFactor.passkeySignInOptions, {});
    const { startAuthentication } = await import("@simplewebauthn/browser");
    const response = await startAuthentication({ optionsJSON: optionsJSON as never });
    await api.post(apiPaths.secondFactor.passkeySignIn, { response });
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
    return true;
  } catch (error) {
    if (error instanceof ApiRequestError) toastApiError(error, secondFactorMessages.passkeyFailed);
    else {
      const m = secondFactorMessages.passkeyCancelled;
      notifyError(m.title, { description: m.description });
    }
    return false;
  }
}
