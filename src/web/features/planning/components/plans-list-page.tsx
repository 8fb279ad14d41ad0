import { AlertCircle, FileText, Plus, RotateCw, Users } from "lucide-react";
import { Link } from "react-router";
import { planMessages } from "@/domain/planning/messages";
import { LoadMoreButton } from "@/web/components/load-more-button";
import { Button } from "@/web/components/ui/button";
import { paths } from "@/web/config/paths";
import { usePlans } from "../api/plans";
import { PlanCard } from "./plan-card";
import { PlansListSkeleton } from "./plans-list-skeleton";

/** Spec §2 /planejamento/lista: the signed-in user's plans as cards, newest first. */
export function PlansListPage() {
  const query = usePlans();
  const plans = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1.5">
          <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Meus Planejamentos</h1>
          <p className="text-sm text-muted-foreground md:text-base">
            Os planejamentos de conteúdo que você pediu, dos mais recentes para os mais antigos.
          </p>
        </div>
        <div className="flex flex-col-reverse gap-2 min-[420px]:flex-row sm:shrink-0">
          <Button asChild variant="outline" className="min-[420px]:flex-1 sm:flex-none">
            <Link to={paths.app.clientes.getHref()}>
              <Users aria-hidden="true" />
              Clientes
            </Link>
          </Button>
          <Button asChild className="min-[420px]:flex-1 sm:flex-none">
            <Link to={paths.app.planejamento.getHref()}>
              <Plus aria-hidden="true" />
              {planMessages.newPlan}
            </Link>
          </Button>
        </div>
      </div>

      <section aria-label="Planejamentos" aria-busy={query.isPending} className="flex flex-col gap-4">
        {query.isPending ? (
          <PlansListSkeleton />
        ) : !query.data ? (
          // Only when nothing was loaded: a failed refresh keeps showing the cards it has.
          <div
            role="alert"
            className="flex flex-col items-center gap-3 rounded-xl border border-destructive/30 bg-card px-6 py-14 text-center shadow-xs"
          >
            <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
            <p className="font-medium">{planMessages.loadPlansFailed}</p>
            <Button
              type="button"
              variant="outline"
              onClick={() => void query.refetch()}
              disabled={query.isFetching}
            >
              <RotateCw className={query.isFetching ? "animate-spin" : undefined} aria-hidden="true" />
              {planMessages.retry}
            </Button>
          </div>
        ) : plans.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-14 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-soft text-primary">
              <FileText className="size-6" aria-hidden="true" />
            </span>
            <p className="font-medium">{planMessages.empty}</p>
            <p className="max-w-sm text-sm text-muted-foreground">
              Use o botão Novo Planejamento para pedir o primeiro.
            </p>
          </div>
        ) : (
          <>
            <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Planejamentos">
              {plans.map((plan) => (
                <li key={plan.id} className="min-w-0">
                  <PlanCard plan={plan} />
                </li>
              ))}
            </ul>
            <LoadMoreButton query={query} label="Carregar mais planejamentos" className="self-center" />
          </>
        )}
      </section>
    </div>
  );
}
