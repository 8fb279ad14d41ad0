import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { meQueryKey } from "@/web/lib/get-me";

export function logout(): Promise<void> {
  return api.post<void>(apiPaths.auth.logout, {});
}

/**
 * Ends the session on the server, then forgets the user and everything cached
 * for them. With `me` null the protected layout sends the browser to /login.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({
        predicate: (query) => !["me", "config"].includes(String(query.queryKey[0])),
      });
    },
  });
}
