import { Loader2 } from "lucide-react";
import { z } from "zod";
import { REQUEST_KINDS, REQUEST_TYPE_LABELS, type RequestKind } from "@/domain/requests/kinds";
import type { ServiceLevel } from "@/domain/sla/api";
import { type ServiceLevelInput, ServiceLevelInputSchema } from "@/domain/sla/service-level";
import { type FieldSpec, FormFields } from "@/web/components/form/form-fields";
import { ListError } from "@/web/components/list-states";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Skeleton } from "@/web/components/ui/skeleton";
import { notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useServiceLevels, useSetServiceLevel } from "../api/service-levels";
import { useAdminForm } from "./admin-form";

const SAVE_FAILED = { title: "Erro ao salvar o prazo", description: "Ocorreu um erro. Tente novamente." };

const hoursText = (h: number) => `${h} ${h === 1 ? "hora útil" : "horas úteis"}`;

type LevelValues = { metaHoras: string };
// The same schema as the server: a whole number of business hours ('' is none, which it refuses).
const LevelFormSchema = z.object({
  metaHoras: z
    .string()
    .transform((text) => (text.trim() === "" ? Number.NaN : Number(text)))
    .pipe(ServiceLevelInputSchema.shape.metaHoras.unwrap()),
});
const LEVEL_FIELDS = ["metaHoras"] as const;

/** 'Horas úteis': digits only, as typed; the schema reads them as a number. */
const levelFields = (id: string): readonly FieldSpec<LevelValues>[] => [
  {
    type: "custom",
    name: "metaHoras",
    id: `${id}-horas`,
    label: "Horas úteis",
    render: (control, field) => (
      <Input
        {...control}
        inputMode="numeric"
        name={field.name}
        ref={field.ref}
        value={field.value}
        onBlur={field.onBlur}
        onChange={(event) => field.onChange(event.target.value.replace(/\D/g, ""))}
      />
    ),
  },
];

function ServiceLevelRow({ kind, hours }: { kind: RequestKind; hours: number | null }) {
  const save = useSetServiceLevel();
  const label = REQUEST_TYPE_LABELS[kind];
  const id = `prazo-${kind}`;
  const saved = ({ metaHoras }: ServiceLevel) => ({
    title: metaHoras === null ? "Prazo removido" : "Prazo salvo",
    description: `${label}: ${metaHoras === null ? "sem prazo" : hoursText(metaHoras)}.`,
  });
  const { form, onSubmit } = useAdminForm<LevelValues, ServiceLevelInput, ServiceLevel>({
    schema: LevelFormSchema,
    defaults: { metaHoras: hours === null ? "" : String(hours) },
    fields: LEVEL_FIELDS,
    send: (input) => save.mutateAsync({ kind, input }),
    isPending: save.isPending,
    failed: SAVE_FAILED,
    saved,
  });
  const remove = () =>
    save.mutate(
      { kind, input: { metaHoras: null } },
      {
        onSuccess: (result) => {
          form.reset({ metaHoras: "" });
          const notice = saved(result);
          notifySuccess(notice.title, { description: notice.description });
        },
        onError: (e) => toastApiError(e, SAVE_FAILED),
      },
    );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-titulo`}
      aria-busy={save.isPending}
      className="grid gap-3 px-5 py-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,10rem)_auto] sm:items-end sm:px-6"
      data-testid={`service-level-${kind}`}
    >
      <div className="flex flex-col gap-0.5 sm:self-center">
        <h3 id={`${id}-titulo`} className="font-semibold tracking-tight">
          {label}
        </h3>
        <p className="text-sm text-muted-foreground">
          {hours === null ? "Sem prazo." : `Prazo de ${hoursText(hours)}.`}
        </p>
      </div>
      <FormFields form={form} fields={levelFields(id)} idPrefix={id} />
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending} className="flex-1 sm:flex-none">
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Salvar
        </Button>
        {hours !== null ? (
          <Button
            type="button"
            variant="outline"
            disabled={save.isPending}
            onClick={remove}
            className="flex-1 sm:flex-none"
            aria-label={`Remover o prazo de ${label}`}
          >
            Remover
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * 'Prazos' (decision 014): each kind's target in business hours (Monday to Friday,
 * 9:00–18:00, without national holidays). Reviewers see the time left;
 * requesters only 'No prazo', 'Atenção' or 'Atrasada'.
 */
export function ServiceLevelsSection() {
  const query = useServiceLevels();
  return (
    <section aria-labelledby="prazos-titulo" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="prazos-titulo" className="text-lg font-semibold tracking-tight">
          Prazos de atendimento
        </h2>
        <p className="text-sm text-muted-foreground">
          Em horas úteis: de segunda a sexta, das 9h às 18h (horário de São Paulo), sem feriados nacionais. O
          relógio para enquanto a solicitação aguarda o solicitante. A equipe vê o tempo restante; quem pediu
          vê apenas “No prazo”, “Atenção” (a partir de 80% do prazo) ou “Atrasada”.
        </p>
      </div>
      {query.isPending ? (
        <Skeleton className="h-40 w-full rounded-xl" />
      ) : !query.data ? (
        <ListError
          title="Não foi possível carregar os prazos."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <Card className="gap-0 divide-y py-0">
          {REQUEST_KINDS.map((kind) => {
            const hours = query.data.items.find((i) => i.tipo === kind)?.metaHoras ?? null;
            return <ServiceLevelRow key={`${kind}-${hours ?? ""}`} kind={kind} hours={hours} />;
          })}
        </Card>
      )}
    </section>
  );
}
