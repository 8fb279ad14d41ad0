import { useMutation } from "@tanstack/react-query";
import type { RegisterResult } from "@/domain/auth/auth.schema";
import { api } from "@/web/lib/api-client";

export type RegisterBody = { name: string; email: string; password: string; confirmPassword: string };

export function register(body: RegisterBody): Promise<RegisterResult> {
  return api.post<RegisterResult>("/api/register", body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
