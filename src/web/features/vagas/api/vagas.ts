import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { VagaInput } from "@/domain/vagas/vaga.schema";
import { useMe } from "@/web/features/auth/api/get-me";
import { api } from "@/web/lib/api-client";
import type { Vaga } from "../types";

/** Then the user's id: the next person to sign in on this browser must not see the cached list. */
export const vagasQueryKey = ["vagas"] as const;

export function getVagas(signal?: AbortSignal) {
  return api.get<Vaga[]>("/api/vagas", { signal });
}

export function vagasQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...vagasQueryKey, userId],
    queryFn: ({ signal }) => getVagas(signal),
  });
}

/** Every job opening, newest first (spec §7 vagas). */
export function useVagas() {
  const userId = useMe().data?.user.id ?? "";
  return useQuery({ ...vagasQueryOptions(userId), enabled: userId !== "" });
}

export type SaveVagaVariables = { id?: string; body: VagaInput };

export function saveVaga({ id, body }: SaveVagaVariables) {
  return id
    ? api.put<Vaga>(`/api/vagas/${encodeURIComponent(id)}`, body)
    : api.post<Vaga>("/api/vagas", body);
}

export function deleteVaga(id: string) {
  return api.delete(`/api/vagas/${encodeURIComponent(id)}`);
}

/** Create (no id) or update (id); the list reloads after success (spec §4 Vaga form). */
export function useSaveVaga() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVaga,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vagasQueryKey }),
  });
}

export function useDeleteVaga() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVaga,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vagasQueryKey }),
  });
}
