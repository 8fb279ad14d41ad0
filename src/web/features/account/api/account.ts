import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Me, UpdateNameInputSchema, User } from "@/domain/auth/auth.schema";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { meQueryKey } from "@/web/lib/get-me";

export function updateName(body: z.infer<typeof UpdateNameInputSchema>): Promise<User> {
  return api.patch<User>(apiPaths.me, body);
}

/** Changes the name, then puts it in `me`: the top bar and the prefilled forms follow at once. */
export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateName,
    onSuccess: (user) => {
      queryClient.setQueryData<Me | null>(meQueryKey, (me) => (me ? { ...me, user } : me));
    },
  });
}

export function signOutEverywhere(): Promise<void> {
  return api.delete(apiPaths.meSessions);
}

/** Ends every session on the server; then, as at logout, forgets the user and their cached data. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: () => {
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({
        predicate: (query) => !["me", "config"].includes(String(query.queryKey[0])),
      });
    },
  });
}
