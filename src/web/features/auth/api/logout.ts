import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Me } from "@/domain/auth/auth.schema";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { meQueryKey } from "@/web/lib/get-me";

export function logout(): Promise<void> {
  return api.post<void>(apiPaths.auth.logout, {});
}

/**
 * Ends the session on the server, then forgets the user and everything cached
 * for them, and the drafts this device kept for them (docs/decisions/066). With
 * `me` null the protected layout sends the browser to /login.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      const owner = queryClient.getQueryData<Me | null>(meQueryKey)?.user.id;
      // Loaded here, not with the shell: only signing out needs it (decision 025).
      if (owner) {
        await import("@/web/lib/drafts/draft-store")
          .then(({ draftStore }) => draftStore.clear(owner))
          .catch(() => undefined);
      }
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({
        predicate: (query) => !["me", "config"].includes(String(query.queryKey[0])),
      });
    },
  });
}
