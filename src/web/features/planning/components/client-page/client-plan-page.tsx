import { BadgeCheck, CalendarDays, CalendarRange, Link2Off, RotateCw } from "lucide-react";
import { useState } from "react";
import { planMessages } from "@/domain/planning/messages";
import { type PublicPlan, shareMessages } from "@/domain/planning/share-api";
import { Logo } from "@/web/components/logo";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { formatInstantDate } from "@/web/lib/format";
import { usePublicPlan } from "../../api/plan-sharing";
import { dayLabel, postsByDay } from "../../lib/client-calendar";
import { isNotFound } from "../../lib/errors";
import { clientName, longReference } from "../../lib/format";
import { EmptyNote } from "../view/empty-note";
import { InsightsList } from "../view/insights-list";
import { PillarsTable } from "../view/pillars-table";
import { SectionCard } from "../view/section-card";
import { ClientApprovalCard } from "./client-approval-card";
import { ClientPostCard } from "./client-post-card";

/**
 * The client's page of a shared plan (decision 020): no sidebar, no sign-in, read
 * only but for a comment on a post and the approval. Never indexed, and the
 * token in the address is never sent on as a Referer.
 */
export function ClientPlanPage({ token }: { token: string }) {
  const plan = usePublicPlan(token);
  // One name for the approval and every comment: typed once.
  const [name, setName] = useState("");

  return (
    <div className="min-h-svh bg-muted/30">
      <title>Planejamento de conteúdo</title>
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <header className="border-b bg-card">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3">
          <Logo markClassName="size-7" />
          <span className="text-sm text-muted-foreground">Planejamento para aprovação</span>
        </div>
      </header>
      <main className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-6 sm:py-10">
        {plan.data ? (
          <SharedPlan
            token={token}
            plan={plan.data}
            name={name}
            onName={setName}
            onStale={() => void plan.refetch()}
          />
        ) : plan.isError ? (
          isNotFound(plan.error) ? (
            <Unavailable />
          ) : (
            <div className="flex flex-col items-center gap-4 rounded-xl border bg-card px-6 py-14 text-center">
              <p className="font-medium">{planMessages.loadPlanFailed}</p>
              <Button type="button" variant="outline" onClick={() => void plan.refetch()}>
                <RotateCw aria-hidden="true" />
                {planMessages.retry}
              </Button>
            </div>
          )
        ) : (
          <div
            className="flex flex-col gap-4"
            role="status"
            aria-busy="true"
            aria-label="Carregando planejamento"
          >
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="h-40 w-full" />
            <Skeleton className="h-64 w-full" />
          </div>
        )}
      </main>
    </div>
  );
}

function Unavailable() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border bg-card px-6 py-14 text-center">
      <Link2Off className="size-8 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-xl font-semibold">{shareMessages.linkInvalid.title}</h1>
      <p className="text-sm text-muted-foreground">{shareMessages.linkInvalid.description}</p>
    </div>
  );
}

function SharedPlan({
  token,
  plan,
  name,
  onName,
  onStale,
}: {
  token: string;
  plan: PublicPlan;
  name: string;
  onName: (name: string) => void;
  onStale: () => void;
}) {
  const posts = plan.semanas.reduce((total, week) => total + week.posts.length, 0);
  return (
    <>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight break-words md:text-3xl">
          {clientName(plan.cliente)}
        </h1>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
          <span className="flex items-center gap-1.5 text-base font-medium text-foreground/80">
            <CalendarDays className="size-4 text-muted-foreground" aria-hidden="true" />
            {longReference(plan.mes_referencia, plan.ano_referencia)}
          </span>
          {plan.aprovacao ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-medium text-emerald-900">
              <BadgeCheck className="size-3.5" aria-hidden="true" />
              Aprovado pelo cliente
            </span>
          ) : (
            <a href="#aprovacao" className="text-primary underline-offset-4 hover:underline">
              Ir para a aprovação
            </a>
          )}
        </div>
        <p className="text-sm text-muted-foreground">
          Comente os posts que precisam de ajuste e aprove o planejamento no final da página. Este link vale
          até {formatInstantDate(plan.expira_em)}.
        </p>
      </div>
      <InsightsList insights={plan.insights_gerais} />
      <PillarsTable pillars={plan.pillars} />
      <SectionCard id="calendario" title="Calendário editorial" icon={CalendarRange} count={posts}>
        {plan.semanas.length === 0 ? (
          <EmptyNote>Nenhuma semana no calendário deste planejamento.</EmptyNote>
        ) : (
          <div className="flex flex-col gap-8">
            {plan.semanas.map((week, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: weeks have no id; the position is their identity
              <section key={index} aria-labelledby={`semana-${index}`} className="flex flex-col gap-4">
                <h3 id={`semana-${index}`} className="border-b pb-2 text-base font-semibold">
                  {week.semana}
                </h3>
                {week.posts.length === 0 ? (
                  <p className="text-sm text-muted-foreground">Nenhum post nesta semana.</p>
                ) : (
                  postsByDay(week.posts).map(({ day, posts: dayPosts }) => (
                    <div
                      key={day ?? "sem-data"}
                      className="flex flex-col gap-3 md:grid md:grid-cols-[10rem_1fr] md:gap-5"
                    >
                      <h4 className="text-sm font-medium text-muted-foreground md:pt-4">{dayLabel(day)}</h4>
                      <div className="flex min-w-0 flex-col gap-3">
                        {dayPosts.map((post) => (
                          <ClientPostCard
                            key={post.id}
                            token={token}
                            post={post}
                            name={name}
                            onName={onName}
                          />
                        ))}
                      </div>
                    </div>
                  ))
                )}
              </section>
            ))}
          </div>
        )}
      </SectionCard>
      <ClientApprovalCard token={token} plan={plan} name={name} onName={onName} onStale={onStale} />
    </>
  );
}
