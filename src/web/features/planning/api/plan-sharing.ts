import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ClientApproveInput,
  ClientCommentInput,
  PlanClientActivity,
  PublicPlan,
  ShareLinkCreated,
} from "@/domain/planning/share-api";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { useMe } from "@/web/lib/get-me";
import { plansQueryKey } from "./plans";

/*
 * 'Compartilhar com o cliente' (decision 020): the planner's link and the client's
 * activity (under the plans' key, so a live notification refreshes it), and
 * the client's own page, read by token without a session.
 */

export function clientActivityQueryOptions(userId: string, planId: string) {
  return queryOptions({
    queryKey: [...plansQueryKey, userId, "cliente", planId],
    queryFn: ({ signal }) => api.get<PlanClientActivity>(apiPaths.plans.clientActivity(planId), { signal }),
  });
}

/** The link's standing, the client's comments and approval, and the plan's history. */
export function useClientActivity(planId: string) {
  const userId = useMe().data?.user.id ?? "";
  return useQuery({ ...clientActivityQueryOptions(userId, planId), enabled: userId !== "" });
}

function useRefreshActivity(planId: string) {
  const queryClient = useQueryClient();
  const userId = useMe().data?.user.id ?? "";
  return () =>
    queryClient.invalidateQueries({ queryKey: clientActivityQueryOptions(userId, planId).queryKey });
}

export function useCreateShareLink(planId: string) {
  const refresh = useRefreshActivity(planId);
  return useMutation({
    mutationFn: () => api.post<ShareLinkCreated>(apiPaths.plans.shareLink(planId)),
    onSuccess: refresh,
  });
}

export function useRevokeShareLink(planId: string) {
  const refresh = useRefreshActivity(planId);
  return useMutation({
    mutationFn: () => api.delete(apiPaths.plans.shareLink(planId)),
    onSuccess: refresh,
  });
}

// ---- The client's page ----------------------------------------------------------------------

export function publicPlanQueryOptions(token: string) {
  return queryOptions({
    queryKey: ["plano-do-cliente", token],
    queryFn: ({ signal }) => api.get<PublicPlan>(apiPaths.publicPlans.one(token), { signal }),
    // An unknown, expired or revoked link stays so: asking again would only count against the limit.
    retry: false,
  });
}

export function usePublicPlan(token: string) {
  return useQuery(publicPlanQueryOptions(token));
}

export function useClientComment(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientCommentInput) => api.post(apiPaths.publicPlans.comments(token), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicPlanQueryOptions(token).queryKey }),
  });
}

export function useClientApproval(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientApproveInput) => api.post<PublicPlan>(apiPaths.publicPlans.approve(token), body),
    onSuccess: (plan) => queryClient.setQueryData(publicPlanQueryOptions(token).queryKey, plan),
  });
}
