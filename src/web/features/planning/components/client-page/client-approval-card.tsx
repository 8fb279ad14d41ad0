import { BadgeCheck, Loader2 } from "lucide-react";
import { useState } from "react";
import { ClientApproveInputSchema, type PublicPlan, shareMessages } from "@/domain/planning/share-api";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { ApiRequestError } from "@/web/lib/api-client";
import { formatInstantDateTime } from "@/web/lib/format";
import { notifyError, notifySuccess } from "@/web/lib/notify";
import { useClientApproval } from "../../api/plan-sharing";
import { ClientField, fieldMessages } from "./client-field";

/** 'Aprovar planejamento' with the client's name, or who approved it and when. */
export function ClientApprovalCard({
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
  /** The plan changed since the page was opened: read it again. */
  onStale: () => void;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const approve = useClientApproval(token);

  if (plan.aprovacao) {
    return (
      <section
        id="aprovacao"
        className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-950 sm:p-6"
        data-testid="aprovado"
      >
        <BadgeCheck className="mt-0.5 size-6 shrink-0 text-emerald-600" aria-hidden="true" />
        <div>
          <h2 className="text-lg font-semibold">Aprovado pelo cliente</h2>
          <p className="text-sm">
            Por {plan.aprovacao.nome} em {formatInstantDateTime(plan.aprovacao.em)}.
          </p>
        </div>
      </section>
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ClientApproveInputSchema.safeParse({ nome: name, version: plan.version });
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error.issues));
      return;
    }
    setErrors({});
    approve.mutate(parsed.data, {
      onSuccess: () =>
        notifySuccess(shareMessages.approvedTitle, { description: shareMessages.approvedDescription }),
      onError: (error) => {
        if (!(error instanceof ApiRequestError)) return notifyError(shareMessages.sendFailed);
        if (error.body.fields) setErrors(error.body.fields);
        if (error.code === "PLAN_CONFLICT") onStale();
        notifyError(error.body.message, { description: error.body.description });
      },
    });
  };

  return (
    <section
      id="aprovacao"
      aria-labelledby="aprovacao-titulo"
      className="rounded-xl border bg-card p-4 shadow-xs sm:p-6"
    >
      <h2 id="aprovacao-titulo" className="text-lg font-semibold">
        Aprovar o planejamento
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Leu tudo e está de acordo? Informe o seu nome e aprove. Se algo precisar mudar, comente o post antes.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="sm:w-80">
          <ClientField id="aprovacao-nome" label="Seu nome" error={errors.nome}>
            <Input
              id="aprovacao-nome"
              value={name}
              onChange={(e) => onName(e.target.value)}
              autoComplete="name"
              maxLength={200}
              aria-invalid={errors.nome ? true : undefined}
              aria-describedby={errors.nome ? "aprovacao-nome-error" : undefined}
            />
          </ClientField>
        </div>
        <Button type="submit" className="sm:mt-[1.375rem]" disabled={approve.isPending}>
          {approve.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <BadgeCheck aria-hidden="true" />
          )}
          {shareMessages.approve}
        </Button>
      </form>
    </section>
  );
}
