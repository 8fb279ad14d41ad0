import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { JobOpeningsPage, SavedJobOpening } from "@/domain/job-openings/api";
import type { JobOpeningFormValues } from "@/domain/job-openings/job-opening.schema";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { useMe } from "@/web/lib/get-me";

/** Then the user's id: the next person to sign in on this browser must not see the cached list. */
export const jobOpeningsQueryKey = ["vagas"] as const;

export function getJobOpenings(cursor: string | null, signal?: AbortSignal) {
  return api.get<JobOpeningsPage>(apiPaths.jobOpenings.list({ cursor }), { signal });
}

export function jobOpeningsQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: [...jobOpeningsQueryKey, userId],
    queryFn: ({ pageParam, signal }) => getJobOpenings(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The job openings, newest first (spec §7 vagas), a page at a time. */
export function useJobOpenings() {
  const userId = useMe().data?.user.id ?? "";
  return useInfiniteQuery({ ...jobOpeningsQueryOptions(userId), enabled: userId !== "" });
}

export type SaveJobOpeningVariables = { id?: string; body: JobOpeningFormValues };

export function saveJobOpening({ id, body }: SaveJobOpeningVariables) {
  return id
    ? api.put<SavedJobOpening>(apiPaths.jobOpenings.one(id), body)
    : api.post<SavedJobOpening>(apiPaths.jobOpenings.list(), body);
}

export function deleteJobOpening(id: string) {
  return api.delete(apiPaths.jobOpenings.one(id));
}

/** Create (no id) or update (id); the list reloads after success (spec §4 JobOpening form). */
export function useSaveJobOpening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveJobOpening,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobOpeningsQueryKey }),
  });
}

export function useDeleteJobOpening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJobOpening,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobOpeningsQueryKey }),
  });
}
