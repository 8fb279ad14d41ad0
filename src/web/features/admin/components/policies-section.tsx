import { Loader2 } from "lucide-react";
import { z } from "zod";
import { formatBRL } from "@/domain/money";
import { REQUEST_TYPE_LABELS, type RequestKind } from "@/domain/requests/kinds";
import type { ApprovalPolicy, Team } from "@/domain/teams/api";
import { type ApprovalPolicyInput, ApprovalPolicyInputSchema, KINDS_WITH_VALUE } from "@/domain/teams/team";
import { type FieldSpec, FormFields } from "@/web/components/form/form-fields";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useRemovePolicy, useSetPolicy } from "../api/teams";
import { maskedCents, useAdminForm } from "./admin-form";

const SAVE_FAILED = {
  title: "Erro ao salvar a segunda aprovação",
  description: "Ocorreu um erro. Tente novamente.",
};
const REMOVE_FAILED = {
  title: "Erro ao remover a segunda aprovação",
  description: "Ocorreu um erro. Tente novamente.",
};

/** 'Acima de R$ X, aprovação também de <equipe>' (decision 011). */
export function policySentence(policy: Pick<ApprovalPolicy, "thresholdCents" | "teamName">): string {
  return `Acima de ${formatBRL(policy.thresholdCents)}, aprovação também de ${policy.teamName}`;
}

type PolicyValues = { thresholdCents: string; teamId: string };
const PolicyFormSchema = z.object({
  thresholdCents: maskedCents(ApprovalPolicyInputSchema.shape.thresholdCents),
  teamId: ApprovalPolicyInputSchema.shape.teamId,
});
const POLICY_FIELDS = ["thresholdCents", "teamId"] as const;

function PolicyRow({
  kind,
  policy,
  teams,
}: {
  kind: RequestKind;
  policy: ApprovalPolicy | undefined;
  teams: readonly Team[];
}) {
  const setPolicy = useSetPolicy();
  const removePolicy = useRemovePolicy();
  const id = `politica-${kind}`;
  const label = REQUEST_TYPE_LABELS[kind];
  const { form, onSubmit } = useAdminForm<PolicyValues, ApprovalPolicyInput, ApprovalPolicy>({
    schema: PolicyFormSchema,
    defaults: {
      thresholdCents: policy ? formatBRL(policy.thresholdCents) : "",
      teamId: policy?.teamId ?? "",
    },
    fields: POLICY_FIELDS,
    send: (input) => setPolicy.mutateAsync({ kind, input }),
    isPending: setPolicy.isPending,
    failed: SAVE_FAILED,
    saved: (saved) => ({
      title: "Segunda aprovação salva",
      description: `${label}: ${policySentence(saved)}.`,
    }),
  });
  const busy = setPolicy.isPending || removePolicy.isPending;
  const fields: readonly FieldSpec<PolicyValues>[] = [
    { type: "currency", name: "thresholdCents", id: `${id}-valor`, label: "Acima de" },
    {
      type: "select",
      name: "teamId",
      id: `${id}-equipe`,
      label: "Aprovação também de",
      options: teams.map((team) => ({ value: team.id, label: team.name })),
      placeholder: "Escolha a equipe",
    },
  ];

  const onRemove = () =>
    removePolicy.mutate(kind, {
      onSuccess: () => {
        form.reset({ thresholdCents: "", teamId: "" });
        notifySuccess("Segunda aprovação removida", { description: `${label}: sem segunda aprovação.` });
      },
      onError: (error) => toastApiError(error, REMOVE_FAILED),
    });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-titulo`}
      aria-busy={busy}
      className="grid gap-4 px-5 py-5 sm:px-6"
      data-testid={`policy-${kind}`}
    >
      <div className="flex flex-col gap-0.5">
        <h3 id={`${id}-titulo`} className="font-semibold tracking-tight">
          {label}
        </h3>
        <p className="text-sm text-muted-foreground" data-testid={`policy-${kind}-current`}>
          {policy ? policySentence(policy) : "Sem segunda aprovação: uma aprovação basta."}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)_auto] sm:items-start">
        <FormFields form={form} fields={fields} idPrefix={id} />
        <div className="flex gap-2 sm:pt-6">
          <Button type="submit" disabled={busy} className="flex-1 sm:flex-none">
            {setPolicy.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Salvar
          </Button>
          {policy ? (
            <Button
              type="button"
              variant="outline"
              onClick={onRemove}
              disabled={busy}
              className="flex-1 sm:flex-none"
              aria-label={`Remover a segunda aprovação de ${label}`}
            >
              {removePolicy.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              Remover
            </Button>
          ) : null}
        </div>
      </div>
    </form>
  );
}

/** The second approval per kind with a value: above an amount, another team approves too. */
export function PoliciesSection({
  policies,
  teams,
}: {
  policies: readonly ApprovalPolicy[];
  teams: readonly Team[];
}) {
  return (
    <section aria-labelledby="politicas-titulo" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="politicas-titulo" className="text-lg font-semibold tracking-tight">
          Segunda aprovação
        </h2>
        <p className="text-sm text-muted-foreground">
          Acima do valor escolhido, a solicitação aprovada pela equipe que a atende precisa também da
          aprovação de outra equipe, por outra pessoa.
        </p>
      </div>
      <Card className="gap-0 divide-y py-0">
        {KINDS_WITH_VALUE.map((kind) => {
          const policy = policies.find((p) => p.kind === kind);
          return (
            <PolicyRow
              key={`${kind}-${policy?.thresholdCents ?? ""}-${policy?.teamId ?? ""}`}
              kind={kind}
              policy={policy}
              teams={teams}
            />
          );
        })}
      </Card>
    </section>
  );
}
