import { usePlan } from "../api/plans";
import { isNotFound } from "../lib/errors";
import { PlanViewer } from "./plan-viewer";
import { PlanUnavailable } from "./view/plan-unavailable";
import { PlanViewerSkeleton } from "./view/plan-viewer-skeleton";

/** Loads the plan of the address: a skeleton, the plan, or why it cannot be shown. */
export function PlanViewerPage({ id }: { id: string }) {
  const query = usePlan(id);
  if (query.isPending) return <PlanViewerSkeleton />;
  // Only when nothing was loaded: a failed refresh keeps showing the plan it has.
  if (!query.data) {
    return isNotFound(query.error) ? (
      <PlanUnavailable reason="not-found" />
    ) : (
      <PlanUnavailable reason="error" retrying={query.isFetching} onRetry={() => void query.refetch()} />
    );
  }
  return <PlanViewer plan={query.data} onReload={() => query.refetch()} />;
}
