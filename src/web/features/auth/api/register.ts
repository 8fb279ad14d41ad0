import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { RegisterInputSchema, RegisterResult } from "@/domain/auth/auth.schema";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";

export type RegisterBody = z.infer<typeof RegisterInputSchema>;

export function register(body: RegisterBody): Promise<RegisterResult> {
  return api.post<RegisterResult>(apiPaths.auth.register, body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
