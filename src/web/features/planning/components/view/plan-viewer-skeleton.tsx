import { Skeleton } from "@/web/components/ui/skeleton";

/** While the plan loads: the page's shape, and a status for screen readers. */
export function PlanViewerSkeleton() {
  return (
    <div className="flex flex-col gap-6">
      <span role="status" className="sr-only">
        Carregando planejamento...
      </span>
      <div aria-hidden="true" className="flex flex-col gap-3">
        <Skeleton className="h-8 w-20" />
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-4 w-72 max-w-full" />
      </div>
      {[0, 1, 2].map((index) => (
        <div key={index} aria-hidden="true" className="flex flex-col gap-4 rounded-xl border bg-card p-6">
          <Skeleton className="h-6 w-56" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ))}
    </div>
  );
}
