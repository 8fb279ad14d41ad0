import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { VagaInput } from "@/domain/vagas/vaga.schema";
import { useMe } from "@/web/features/auth/api/get-me";
import { api } from "@/web/lib/api-client";
import type { Vaga } from "../types";

/** Then the user's id: the next person to sign in on this browser must not see the cached list. */
export const vagasQueryKey = ["vagas"] as const;

/** One keyset page of GET /api/vagas. */
export type VagasPage = { items: Vaga[]; nextCursor: string | null };

export function getVagas(cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
  return api.get<VagasPage>(`/api/vagas${query}`, { signal });
}

export function vagasQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: [...vagasQueryKey, userId],
    queryFn: ({ pageParam, signal }) => getVagas(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The job openings, newest first (spec §7 vagas), a page at a time. */
export function useVagas() {
  const userId = useMe().data?.user.id ?? "";
  return useInfiniteQuery({ ...vagasQueryOptions(userId), enabled: userId !== "" });
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
