import { Loader2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { formatBRL, parseBrlToCents } from "@/domain/money";
import { REQUEST_TYPE_LABELS, type RequestKind } from "@/domain/requests/kinds";
import type { ApprovalPolicy, Team } from "@/domain/teams/api";
import { KINDS_WITH_VALUE, teamMessages } from "@/domain/teams/team";
import { CurrencyInput } from "@/web/components/form/currency-input";
import { FormItem } from "@/web/components/form/form-item";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifyError, notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useRemovePolicy, useSetPolicy } from "../api/teams";

const SAVE_FAILED = {
  title: "Erro ao salvar a segunda aprovação",
  description: "Ocorreu um erro. Tente novamente.",
};
const REMOVE_FAILED = {
  title: "Erro ao remover a segunda aprovação",
  description: "Ocorreu um erro. Tente novamente.",
};

/** 'Acima de R$ X, aprovação também de <equipe>' (issue 11). */
export function policySentence(policy: Pick<ApprovalPolicy, "thresholdCents" | "teamName">): string {
  return `Acima de ${formatBRL(policy.thresholdCents)}, aprovação também de ${policy.teamName}`;
}

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
  const [amount, setAmount] = useState(policy ? formatBRL(policy.thresholdCents) : "");
  const [teamId, setTeamId] = useState(policy?.teamId ?? "");
  const [errors, setErrors] = useState<{ thresholdCents?: string; teamId?: string }>({});
  const busy = setPolicy.isPending || removePolicy.isPending;
  const id = `politica-${kind}`;
  const label = REQUEST_TYPE_LABELS[kind];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cents = amount ? (parseBrlToCents(amount) ?? 0) : 0;
    const found: typeof errors = {};
    if (cents <= 0) found.thresholdCents = teamMessages.thresholdInvalid;
    if (!teamId) found.teamId = teamMessages.policyTeamRequired;
    setErrors(found);
    const first = found.thresholdCents ?? found.teamId;
    if (first) {
      notifyError(SAVE_FAILED.title, { description: first });
      return;
    }
    setPolicy.mutate(
      { kind, input: { thresholdCents: cents, teamId } },
      {
        onSuccess: () =>
          notifySuccess("Segunda aprovação salva", {
            description: `${label}: ${policySentence({ thresholdCents: cents, teamName: teams.find((t) => t.id === teamId)?.name ?? "" })}.`,
          }),
        onError: (error) => {
          if (error instanceof ApiRequestError && error.body.fields) setErrors(error.body.fields);
          toastApiError(error, SAVE_FAILED);
        },
      },
    );
  };

  const onRemove = () =>
    removePolicy.mutate(kind, {
      onSuccess: () => {
        setAmount("");
        setTeamId("");
        setErrors({});
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
        <FormItem id={`${id}-valor`} label="Acima de" error={errors.thresholdCents}>
          {(controlProps) => (
            <CurrencyInput
              {...controlProps}
              value={amount}
              onChange={(masked) => {
                setAmount(masked);
                setErrors(({ thresholdCents: _cleared, ...rest }) => rest);
              }}
            />
          )}
        </FormItem>
        <FormItem id={`${id}-equipe`} label="Aprovação também de" error={errors.teamId}>
          {(controlProps) => (
            <Select
              value={teamId}
              onValueChange={(value) => {
                setTeamId(value);
                setErrors(({ teamId: _cleared, ...rest }) => rest);
              }}
            >
              <SelectTrigger {...controlProps}>
                <SelectValue placeholder="Escolha a equipe" />
              </SelectTrigger>
              <SelectContent>
                {teams.map((team) => (
                  <SelectItem key={team.id} value={team.id}>
                    {team.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormItem>
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
