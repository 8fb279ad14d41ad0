import { Loader2 } from "lucide-react";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/cn";

/** What a paged list's query says about its next page (TanStack Query's infinite query). */
type PagedQuery = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/** 'Carregar mais …' under a paged list: shown while there is a next page, busy while it comes. */
export function LoadMoreButton({
  query,
  label,
  className,
}: {
  query: PagedQuery;
  label: string;
  className?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      type="button"
      variant="outline"
      className={cn(className)}
      onClick={() => void query.fetchNextPage()}
      disabled={query.isFetchingNextPage}
    >
      {query.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
      {query.isFetchingNextPage ? "Carregando..." : label}
    </Button>
  );
}
