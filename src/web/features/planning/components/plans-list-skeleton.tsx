import { Skeleton } from "@/web/components/ui/skeleton";

/** While the plans load: three card shapes, and a status for screen readers. */
export function PlansListSkeleton() {
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      <span role="status" className="sr-only">
        Carregando planejamentos...
      </span>
      {[0, 1, 2].map((index) => (
        <div key={index} aria-hidden="true" className="flex flex-col gap-4 rounded-xl border bg-card p-5">
          <div className="flex items-start justify-between gap-3">
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-20" />
            </div>
            <Skeleton className="h-5 w-16 rounded-full" />
          </div>
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-44" />
          <div className="flex items-center justify-between border-t pt-4">
            <Skeleton className="h-3 w-28" />
            <Skeleton className="h-8 w-28" />
          </div>
        </div>
      ))}
    </div>
  );
}
