import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  PlanApproveBody,
  PlanCreated,
  PlanDetail,
  PlanSaveBody,
  PlansPage,
  TaskResult,
} from "@/domain/planning/api";
import type { PlanRequestInput } from "@/domain/planning/plan-request.schema";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { useMe } from "@/web/lib/get-me";

/** Then the user's id: the next person to sign in on this browser must not see the cached plans. */
export const plansQueryKey = ["planejamentos"] as const;

/** While the generator works the viewer asks again this often. */
const GENERATING_POLL_MS = 2000;

export function getPlans(cursor: string | null, signal?: AbortSignal) {
  return api.get<PlansPage>(apiPaths.plans.list({ cursor }), { signal });
}

export function plansQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: [...plansQueryKey, userId, "list"],
    queryFn: ({ pageParam, signal }) => getPlans(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The signed-in user's plans, newest first (spec §7 planejamentos_conteudo), a page at a time. */
export function usePlans() {
  const userId = useMe().data?.user.id ?? "";
  return useInfiniteQuery({ ...plansQueryOptions(userId), enabled: userId !== "" });
}

export function planQueryOptions(userId: string, id: string) {
  return queryOptions({
    queryKey: [...plansQueryKey, userId, "detail", id],
    queryFn: ({ signal }) => api.get<PlanDetail>(apiPaths.plans.one(id), { signal }),
  });
}

/** One plan; polled while its generator is still working. */
export function usePlan(id: string) {
  const userId = useMe().data?.user.id ?? "";
  return useQuery({
    ...planQueryOptions(userId, id),
    enabled: userId !== "",
    refetchInterval: (query) => (query.state.data?.status === "gerando" ? GENERATING_POLL_MS : false),
  });
}

/** Puts the server's fresh copy of a plan in the cache, so the viewer shows it without another GET. */
function useStorePlan() {
  const queryClient = useQueryClient();
  const userId = useMe().data?.user.id ?? "";
  return (plan: PlanDetail) => {
    queryClient.setQueryData(planQueryOptions(userId, plan.id).queryKey, plan);
    void queryClient.invalidateQueries({ queryKey: [...plansQueryKey, userId, "list"] });
  };
}

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanRequestInput) => api.post<PlanCreated>(apiPaths.plans.list(), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansQueryKey }),
  });
}

export function useSavePlan(id: string) {
  const store = useStorePlan();
  return useMutation({
    mutationFn: (body: PlanSaveBody) => api.put<PlanDetail>(apiPaths.plans.one(id), body),
    onSuccess: store,
  });
}

export function useApprovePlan(id: string) {
  const store = useStorePlan();
  return useMutation({
    mutationFn: (body: PlanApproveBody) => api.post<PlanDetail>(apiPaths.plans.approve(id), body),
    onSuccess: store,
  });
}

/** A new attempt after the generator failed (status 'falhou'). */
export function useRetryGeneration(id: string) {
  const store = useStorePlan();
  return useMutation({
    mutationFn: () => api.post<PlanDetail>(apiPaths.plans.generate(id)),
    onSuccess: store,
  });
}

/** 'Criar Tarefa' for one post; the plan is read again so the post shows 'Criada'. */
export function useCreatePostTask(planId: string) {
  const queryClient = useQueryClient();
  const userId = useMe().data?.user.id ?? "";
  return useMutation({
    mutationFn: (postId: string) => api.post<TaskResult>(apiPaths.plans.postTask(planId, postId)),
    onSuccess: (result) => {
      if (result.status !== "created") return;
      return queryClient.invalidateQueries({ queryKey: planQueryOptions(userId, planId).queryKey });
    },
  });
}
