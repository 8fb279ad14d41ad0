import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { Controller, type FieldErrors, useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { planMessages } from "@/domain/planning/messages";
import {
  CUSTOM_TONE,
  PLAN_CHANNELS,
  PLAN_OBJECTIVES,
  PLAN_TONES,
  planYears,
} from "@/domain/planning/options";
import type { PlanCreated } from "@/domain/planning/plan";
import {
  createPlanRequestSchema,
  type PlanRequestInput,
  planRequestMessages,
} from "@/domain/planning/plan-request.schema";
import { FormItem } from "@/web/components/form/form-item";
import { RequestFormFields, RequestFormFooter } from "@/web/components/form/request-form-layout";
import { Input } from "@/web/components/ui/input";
import { Textarea } from "@/web/components/ui/textarea";
import { paths } from "@/web/config/paths";
import { notifyError, notifySuccess } from "@/web/lib/notify";
import { showSubmitError } from "@/web/lib/submit-error";
import { useSingleSubmit } from "@/web/lib/use-single-submit";
import { useCreatePlan } from "../api/plans";
import { hasCode } from "../lib/errors";
import {
  emptyPlanRequest,
  PLAN_REQUEST_FIELDS,
  type PlanRequestDraft,
  type PlanRequestResolver,
} from "../lib/plan-request-draft";
import { CheckboxGroup } from "./checkbox-group";
import { ClientField } from "./client-field";
import { FormSectionTitle } from "./form-section-title";
import { PlanFormCard } from "./plan-form-card";
import { ReferencePeriodField } from "./reference-period-field";

type TextField = "publicoAlvo" | "temasPilares" | "eventosDatasComemorativas" | "principaisProdutosServicos";
type ListField = "objetivoPrincipal" | "canaisPlataformas" | "tomVoz";

/** Spec §5 Plan form: client first, then month and year; the toast names the first one missing. */
function invalidNotice(errors: FieldErrors<PlanRequestDraft>): string {
  if (errors.clienteId) return planRequestMessages.clientRequired;
  if (errors.mesReferencia || errors.anoReferencia) return planRequestMessages.monthYearRequired;
  const first = PLAN_REQUEST_FIELDS.map((field) => errors[field]?.message).find(Boolean);
  return typeof first === "string" ? first : planMessages.sendFailed;
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
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PlanRequestDraft, unknown, PlanRequestInput>({
    resolver,
    defaultValues: emptyPlanRequest,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const tones = useWatch({ control, name: "tomVoz" });
  const customTone = tones?.includes(CUSTOM_TONE) ?? false;

  const onSubmit = useSingleSubmit(
    handleSubmit(
      async (values) => {
        let created: PlanCreated;
        try {
          created = await mutation.mutateAsync(values);
        } catch (error) {
          const notFound = hasCode(error, "CLIENT_NOT_FOUND");
          showSubmitError(
            error,
            {
              title: planMessages.error,
              description: notFound ? planMessages.clientNotFound : planMessages.sendFailed,
            },
            PLAN_REQUEST_FIELDS,
            (field, message, focus) => setError(field, { type: "server", message }, { shouldFocus: focus }),
          );
          if (notFound) setError("clienteId", { type: "server", message: planMessages.clientNotFound });
          return;
        }
        notifySuccess(planMessages.success, {
          description: created.status === "gerando" ? planMessages.requested : planMessages.generated,
        });
        navigate(paths.app.planejamentoVisualizar.getHref(created.planejamento_id));
      },
      (invalid) => notifyError(planMessages.error, { description: invalidNotice(invalid) }),
    ),
  );
  const busy = isSubmitting || mutation.isPending;

  const textArea = (name: TextField, id: string, label: string, placeholder: string) => (
    <FormItem id={id} label={label} error={errors[name]?.message} className="sm:col-span-2">
      {(controlProps) => (
        <Textarea {...controlProps} rows={3} placeholder={placeholder} {...register(name)} />
      )}
    </FormItem>
  );
  const checkboxes = (name: ListField, id: string, legend: string, options: readonly string[]) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <CheckboxGroup
          id={id}
          legend={legend}
          options={options}
          value={field.value}
          onChange={field.onChange}
          error={errors[name]?.message}
          className="sm:col-span-2"
        />
      )}
    />
  );

  return (
    <PlanFormCard>
      <form noValidate onSubmit={onSubmit} aria-busy={busy} aria-label="Solicitação de planejamento">
        <RequestFormFields>
          <FormSectionTitle>Cliente e período</FormSectionTitle>
          <ClientField control={control} error={errors.clienteId?.message} />
          <ReferencePeriodField
            control={control}
            years={years}
            error={errors.mesReferencia?.message ?? errors.anoReferencia?.message}
          />

          <FormSectionTitle>Objetivos e público</FormSectionTitle>
          {checkboxes("objetivoPrincipal", "plano-objetivos", "Objetivos principais", PLAN_OBJECTIVES)}
          {textArea(
            "publicoAlvo",
            "plano-publico",
            "Público-alvo",
            "Ex.: Mulheres de 25 a 40 anos, interessadas em bem-estar, que compram pelo celular",
          )}
          {checkboxes("canaisPlataformas", "plano-canais", "Canais e plataformas", PLAN_CHANNELS)}

          <FormSectionTitle>Conteúdo</FormSectionTitle>
          {textArea(
            "temasPilares",
            "plano-temas",
            "Temas e pilares",
            "Ex.: Bastidores, dicas de uso, depoimentos de clientes",
          )}
          {textArea(
            "eventosDatasComemorativas",
            "plano-eventos",
            "Eventos e datas comemorativas",
            "Ex.: Black Friday (28/11), aniversário da marca, lançamento da coleção",
          )}
          {textArea(
            "principaisProdutosServicos",
            "plano-produtos",
            "Principais produtos e serviços",
            "O que o cliente quer vender ou destacar neste mês",
          )}

          <FormSectionTitle>Tom de voz</FormSectionTitle>
          {checkboxes("tomVoz", "plano-tom", "Tom de voz", PLAN_TONES)}
          {customTone ? (
            <FormItem
              id="plano-tom-personalizado"
              label="Tom de voz personalizado"
              required
              error={errors.tomVozPersonalizado?.message}
              className="sm:col-span-2"
            >
              {(controlProps) => (
                <Input
                  {...controlProps}
                  placeholder="Ex.: Próximo e irreverente, sem gírias"
                  {...register("tomVozPersonalizado")}
                />
              )}
            </FormItem>
          ) : null}

          <FormSectionTitle>Observações</FormSectionTitle>
          <FormItem
            id="plano-observacoes"
            label="Observações adicionais"
            error={errors.observacoesAdicionais?.message}
            className="sm:col-span-2"
          >
            {(controlProps) => (
              <Textarea
                {...controlProps}
                rows={3}
                placeholder="Algo mais que o planejamento deve considerar?"
                {...register("observacoesAdicionais")}
              />
            )}
          </FormItem>
        </RequestFormFields>
        <RequestFormFooter busy={busy} label="Gerar Planejamento" busyLabel="Enviando..." />
      </form>
    </PlanFormCard>
  );
}
