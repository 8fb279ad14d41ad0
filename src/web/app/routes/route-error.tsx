import { RotateCw, TriangleAlert } from "lucide-react";
import { useEffect, useLayoutEffect } from "react";
import { Button } from "@/web/components/ui/button";
import { releasePrerendered } from "@/web/lib/prerendered";

/** The router's fallback (spec §8 Generic), drawn by RouteErrorBoundary; also what a page whose chunk fails to load after a deploy lands on. */
export function RouteError({ error }: { error: unknown }) {
  // On a prerendered /login whose page failed to load, the error must be what shows.
  useLayoutEffect(releasePrerendered, []);
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <main className="bg-auth flex min-h-svh flex-col items-center justify-center px-6 py-10 text-center">
      <div className="flex max-w-md flex-col items-center gap-4 rounded-xl border bg-card px-8 py-10 shadow-sm">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <TriangleAlert className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-xl font-semibold tracking-tight">Unexpected Application Error!</h1>
        <p className="text-sm text-muted-foreground">
          Algo deu errado ao abrir esta página. Recarregue para tentar de novo; se o problema continuar, fale
          com o suporte.
        </p>
        <Button onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" />
          Recarregar página
        </Button>
      </div>
    </main>
  );
}
