import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { LoginInputSchema, LoginResult } from "@/domain/auth/auth.schema";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { meQueryKey } from "@/web/lib/get-me";

export type LoginBody = z.infer<typeof LoginInputSchema>;

export function login(body: LoginBody): Promise<LoginResult> {
  return api.post<LoginResult>(apiPaths.auth.login, body);
}

/** Signs in, then refetches `me` so the guards see the new session before we navigate. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
