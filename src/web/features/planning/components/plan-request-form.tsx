import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import type { Control, FieldErrors, Path } from "react-hook-form";
import { useNavigate } from "react-router";
import { planMessages } from "@/domain/planning/messages";
import {
  CUSTOM_TONE,
  PLAN_CHANNELS,
  PLAN_OBJECTIVES,
  PLAN_TONES,
  planYears,
} from "@/domain/planning/options";
import { createPlanRequestSchema, planRequestMessages } from "@/domain/planning/plan-request.schema";
import { type FieldSpec, FormFields } from "@/web/components/form/form-fields";
import { RequestFormFields, RequestFormFooter } from "@/web/components/form/request-form-layout";
import { paths } from "@/web/config/paths";
import { notifyError } from "@/web/lib/notify";
import { useServerForm } from "@/web/lib/use-server-form";
import { useCreatePlan } from "../api/plans";
import { hasCode } from "../lib/errors";
import {
  emptyPlanRequest,
  PLAN_REQUEST_FIELDS,
  type PlanRequestDraft,
  type PlanRequestResolver,
} from "../lib/plan-request-draft";
import { ClientField } from "./client-field";
import { FormSectionTitle } from "./form-section-title";
import { PlanFormCard } from "./plan-form-card";
import { ReferencePeriodField } from "./reference-period-field";

/** Spec §5 Plan form: client first, then month and year; the toast names the first one missing. */
function invalidNotice(errors: FieldErrors<PlanRequestDraft>): string {
  if (errors.clienteId) return planRequestMessages.clientRequired;
  if (errors.mesReferencia || errors.anoReferencia) return planRequestMessages.monthYearRequired;
  const first = PLAN_REQUEST_FIELDS.map((field) => errors[field]?.message).find(Boolean);
  return typeof first === "string" ? first : planMessages.sendFailed;
}

type Checkboxes = "objetivoPrincipal" | "canaisPlataformas" | "tomVoz";

/** A group of checkboxes of one of spec §9's lists (its own fieldset, legend and error). */
const checkboxes = (
  name: Checkboxes,
  id: string,
  label: string,
  options: readonly string[],
): FieldSpec<PlanRequestDraft> => ({
  type: "checkboxes",
  name,
  id,
  label,
  wide: true,
  options: options.map((option) => ({ value: option, label: option })),
});

const notes = (name: Path<PlanRequestDraft>, id: string, label: string, placeholder: string) =>
  ({ type: "textarea", name, id, label, wide: true, rows: 3, placeholder }) as const;

const section = (title: string): FieldSpec<PlanRequestDraft> => ({
  type: "element",
  key: title,
  node: <FormSectionTitle>{title}</FormSectionTitle>,
});

/** The form's fields in order. */
function planRequestFields(
  control: Control<PlanRequestDraft>,
  errors: FieldErrors<PlanRequestDraft>,
  years: readonly string[],
): readonly FieldSpec<PlanRequestDraft>[] {
  // The client and the period draw their own controls (a list loaded from the server, two selects).
  return [
    section("Cliente e período"),
    {
      type: "element",
      key: "cliente",
      node: <ClientField control={control} error={errors.clienteId?.message} />,
    },
    {
      type: "element",
      key: "periodo",
      node: (
        <ReferencePeriodField
          control={control}
          years={years}
          error={errors.mesReferencia?.message ?? errors.anoReferencia?.message}
        />
      ),
    },
    section("Objetivos e público"),
    checkboxes("objetivoPrincipal", "plano-objetivos", "Objetivos principais", PLAN_OBJECTIVES),
    notes(
      "publicoAlvo",
      "plano-publico",
      "Público-alvo",
      "Ex.: Mulheres de 25 a 40 anos, interessadas em bem-estar, que compram pelo celular",
    ),
    checkboxes("canaisPlataformas", "plano-canais", "Canais e plataformas", PLAN_CHANNELS),
    section("Conteúdo"),
    notes(
      "temasPilares",
      "plano-temas",
      "Temas e pilares",
      "Ex.: Bastidores, dicas de uso, depoimentos de clientes",
    ),
    notes(
      "eventosDatasComemorativas",
      "plano-eventos",
      "Eventos e datas comemorativas",
      "Ex.: Black Friday: 3 meses grátis; aniversário da marca dia 15; lançamento da coleção",
    ),
    notes(
      "principaisProdutosServicos",
      "plano-produtos",
      "Principais produtos e serviços",
      "O que o cliente quer vender ou destacar neste mês",
    ),
    section("Tom de voz"),
    checkboxes("tomVoz", "plano-tom", "Tom de voz", PLAN_TONES),
    {
      type: "text",
      name: "tomVozPersonalizado",
      id: "plano-tom-personalizado",
      label: "Tom de voz personalizado",
      required: true,
      wide: true,
      placeholder: "Ex.: Próximo e irreverente, sem gírias",
      shownWhen: { field: "tomVoz", test: (tones) => Array.isArray(tones) && tones.includes(CUSTOM_TONE) },
    },
    section("Observações"),
    notes(
      "observacoesAdicionais",
      "plano-observacoes",
      "Observações adicionais",
      "Algo mais que o planejamento deve considerar?",
    ),
  ];
}

/** Spec §2 /planejamento, §5 Plan form, §8 Plans: the content plan request. */
export function PlanRequestForm() {
  const navigate = useNavigate();
  const mutation = useCreatePlan();
  // The years offered and the years accepted are the same three, fixed when the page opens.
  const { years, resolver } = useMemo(() => {
    const now = new Date();
    return {
      years: planYears(now),
      // The draft holds '' where the schema's input type wants a month: the schema is the judge.
      resolver: zodResolver(createPlanRequestSchema(now)) as unknown as PlanRequestResolver,
    };
  }, []);
  const { form, onSubmit, busy } = useServerForm({
    resolver,
    defaults: emptyPlanRequest,
    serverFields: PLAN_REQUEST_FIELDS,
    send: (values) => mutation.mutateAsync(values),
    isPending: mutation.isPending,
    errorNotice: (error) => ({
      title: planMessages.error,
      description: hasCode(error, "CLIENT_NOT_FOUND") ? planMessages.clientNotFound : planMessages.sendFailed,
    }),
    afterError: (error) => {
      if (hasCode(error, "CLIENT_NOT_FOUND"))
        form.setError("clienteId", { type: "server", message: planMessages.clientNotFound });
    },
    successNotice: (created) => ({
      title: planMessages.success,
      description: created.status === "gerando" ? planMessages.requested : planMessages.generated,
    }),
    onSuccess: (created) => navigate(paths.app.planejamentoVisualizar.getHref(created.planejamento_id)),
    onInvalid: (invalid) => notifyError(planMessages.error, { description: invalidNotice(invalid) }),
  });
  const { control, formState } = form;

  const fields = planRequestFields(control, formState.errors, years);

  return (
    <PlanFormCard>
      <form noValidate onSubmit={onSubmit} aria-busy={busy} aria-label="Solicitação de planejamento">
        <RequestFormFields>
          <FormFields form={form as never} fields={fields} idPrefix="plano" />
        </RequestFormFields>
        <RequestFormFooter busy={busy} label="Gerar Planejamento" busyLabel="Enviando..." />
      </form>
    </PlanFormCard>
  );
}
