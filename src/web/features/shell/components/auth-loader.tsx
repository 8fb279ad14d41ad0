import { Loader2 } from "lucide-react";
import { useEffect, useState } from "react";
import { LogoMark } from "@/web/components/logo";
import { Skeleton } from "@/web/components/ui/skeleton";

/** Spec §2 and §9: warn after 5 s; reload 3 s after the warning. */
const SLOW_AFTER_MS = 5000;
const RELOAD_AFTER_SLOW_MS = 3000;

/** Full-screen placeholder while the session check runs. */
export function AuthLoader() {
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!slow) return;
    const timer = setTimeout(() => window.location.reload(), RELOAD_AFTER_SLOW_MS);
    return () => clearTimeout(timer);
  }, [slow]);

  return (
    <main
      data-testid="auth-loader"
      aria-busy="true"
      className="flex min-h-svh flex-col items-center justify-center bg-background px-6"
    >
      <div className="flex w-full max-w-sm flex-col items-center gap-6">
        <LogoMark className="size-10" />
        <div role="status" className="flex flex-col items-center gap-2 text-center">
          <p className="flex items-center gap-2 text-sm font-medium text-foreground">
            <Loader2 className="size-4 animate-spin text-primary" aria-hidden="true" />
            Verificando autenticação...
          </p>
          {slow ? (
            <p className="text-sm text-muted-foreground">Está demorando mais que o esperado...</p>
          ) : null}
        </div>
        <div className="flex w-full flex-col gap-3" aria-hidden="true">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          {/* Rounder than a Skeleton by clipping, not by a class it would have to merge (lib/cn.ts). */}
          <div className="overflow-hidden rounded-xl">
            <Skeleton className="h-24 w-full" />
          </div>
        </div>
      </div>
    </main>
  );
}
