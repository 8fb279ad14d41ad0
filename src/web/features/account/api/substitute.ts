import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Substitute, SubstituteInput } from "@/domain/time-off/substitute-api";
import { api } from "@/web/lib/api-client";

/* 'Substituto' on 'Minha conta' (docs/decisions/060). */

const SUBSTITUTE_PATH = "/api/me/substituto";
const substituteKey = ["me", "substituto"] as const;

export function useSubstitute() {
  return useQuery({ queryKey: substituteKey, queryFn: () => api.get<Substitute>(SUBSTITUTE_PATH) });
}

/** Saves the choice; the answer (the choice and the candidates) becomes the cached one. */
export function useSaveSubstitute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubstituteInput) => api.put<Substitute>(SUBSTITUTE_PATH, input),
    onSuccess: (saved) => queryClient.setQueryData(substituteKey, saved),
  });
}
