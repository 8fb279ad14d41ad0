import { ListChecks, Sparkles } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { paths } from "@/web/config/paths";

/** The frame of /planejamento: one card, its heading (the page's h1) with the way to the user's plans. */
export function PlanFormCard({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <Card className="gap-0 overflow-hidden py-0">
        <div className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-4 gap-y-3 border-b px-5 py-5 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:px-8 sm:py-6">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-primary">
            <Sparkles className="size-5" aria-hidden="true" />
          </span>
          <div className="flex min-w-0 flex-col gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-lg font-semibold tracking-tight text-balance sm:text-2xl">
                Novo Planejamento
              </h1>
              <Badge variant="brand">beta</Badge>
            </div>
            <p className="text-sm text-muted-foreground">
              Conte sobre o cliente e o mês: o planejamento de conteúdo é gerado a partir destas respostas.
            </p>
          </div>
          <Button
            asChild
            variant="ghost"
            size="sm"
            className="col-start-2 -ml-3 justify-self-start text-muted-foreground sm:col-start-3 sm:row-start-1 sm:-mr-2 sm:ml-0"
          >
            <Link to={paths.app.planejamentoLista.getHref()}>
              <ListChecks aria-hidden="true" />
              Meus Planejamentos
            </Link>
          </Button>
        </div>
        {children}
      </Card>
    </div>
  );
}
