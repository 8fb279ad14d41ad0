import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { Controller, type Path, useForm } from "react-hook-form";
import {
  type JobOpeningFormValues,
  type JobOpeningInput,
  JobOpeningInputSchema,
  jobOpeningToasts,
} from "@/domain/job-openings/job-opening.schema";
import {
  DEFAULT_REGIME,
  DEFAULT_WORK_MODEL,
  JOB_OPENING_DEPARTMENT_OPTIONS,
  REGIME_OPTIONS,
  SENIORITY_OPTIONS,
  WORK_MODEL_OPTIONS,
} from "@/domain/job-openings/options";
import { SelectField } from "@/web/components/form/controlled-fields";
import { FormItem } from "@/web/components/form/form-item";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Textarea } from "@/web/components/ui/textarea";
import { notifySuccess } from "@/web/lib/notify";
import { showSubmitError } from "@/web/lib/submit-error";
import { useSingleSubmit } from "@/web/lib/use-single-submit";
import { useSaveJobOpening } from "../api/job-openings";
import type { JobOpening } from "../types";
import { ListInput } from "./list-input";

const FIELD_ORDER = [
  "titulo",
  "departamento",
  "senioridade",
  "regime",
  "modelo_trabalho",
  "descricao",
  "atividades",
  "requisitos",
  "diferenciais",
  "beneficios",
] as const satisfies readonly Path<JobOpeningFormValues>[];

const resolver = zodResolver(JobOpeningInputSchema);

function initialValues(opening: JobOpening | undefined): JobOpeningFormValues {
  return {
    titulo: opening?.titulo ?? "",
    departamento: opening?.departamento ?? "",
    senioridade: opening?.senioridade ?? "",
    regime: opening?.regime ?? DEFAULT_REGIME,
    modelo_trabalho: opening?.modelo_trabalho ?? DEFAULT_WORK_MODEL,
    descricao: opening?.descricao ?? "",
    atividades: opening?.atividades ?? [],
    requisitos: opening?.requisitos ?? [],
    diferenciais: opening?.diferenciais ?? [],
    beneficios: opening?.beneficios ?? [],
  };
}

type ListName = "atividades" | "requisitos" | "diferenciais" | "beneficios";
const LISTS: readonly {
  name: ListName;
  label: string;
  itemName: string;
  placeholder: string;
  addedLabel: string;
  required?: boolean;
}[] = [
  {
    name: "atividades",
    label: "Atividades",
    itemName: "atividade",
    placeholder: "Ex.: Criar peças para redes sociais",
    addedLabel: "Atividades adicionadas",
    required: true,
  },
  {
    name: "requisitos",
    label: "Requisitos",
    itemName: "requisito",
    placeholder: "Ex.: Domínio de Figma",
    addedLabel: "Requisitos adicionados",
    required: true,
  },
  {
    name: "diferenciais",
    label: "Diferenciais",
    itemName: "diferencial",
    placeholder: "Ex.: Motion design",
    addedLabel: "Diferenciais adicionados",
  },
  {
    name: "beneficios",
    label: "Benefícios",
    itemName: "benefício",
    placeholder: "Ex.: Vale-refeição",
    addedLabel: "Benefícios adicionados",
  },
];

/** Spec §4 Vaga form: create mode (no `opening`) or edit mode. `onDone` closes it after success. */
export function JobOpeningForm({
  opening,
  onDone,
  onCancel,
}: {
  opening?: JobOpening;
  onDone: () => void;
  onCancel: () => void;
}) {
  const editing = opening !== undefined;
  const mutation = useSaveJobOpening();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<JobOpeningFormValues, unknown, JobOpeningInput>({
    resolver,
    defaultValues: initialValues(opening),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });

  const onSubmit = useSingleSubmit(
    handleSubmit(async (values) => {
      try {
        await mutation.mutateAsync({ id: opening?.id, body: values });
      } catch (error) {
        showSubmitError(
          error,
          editing ? jobOpeningToasts.updateFailed : jobOpeningToasts.createFailed,
          FIELD_ORDER,
          (field, message, focus) => setError(field, { type: "server", message }, { shouldFocus: focus }),
        );
        return;
      }
      notifySuccess(editing ? jobOpeningToasts.updated.title : jobOpeningToasts.created.title);
      onDone();
    }),
  );
  const busy = isSubmitting || mutation.isPending;

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy}
      aria-label={editing ? "Editar vaga" : "Cadastrar vaga"}
      className="flex flex-col"
    >
      <div className="grid gap-x-5 gap-y-6 sm:grid-cols-2">
        <FormItem
          id="vaga-titulo"
          label="Título da vaga"
          required
          error={errors.titulo?.message}
          className="sm:col-span-2"
        >
          {(controlProps) => (
            <Input {...controlProps} placeholder="Ex.: Designer Pleno" {...register("titulo")} />
          )}
        </FormItem>

        <SelectField
          control={control}
          name="departamento"
          id="vaga-departamento"
          label="Departamento"
          required
          error={errors.departamento?.message}
          options={JOB_OPENING_DEPARTMENT_OPTIONS}
          placeholder="Selecione o departamento"
        />
        <SelectField
          control={control}
          name="senioridade"
          id="vaga-senioridade"
          label="Senioridade"
          required
          error={errors.senioridade?.message}
          options={SENIORITY_OPTIONS}
          placeholder="Selecione a senioridade"
        />
        <SelectField
          control={control}
          name="regime"
          id="vaga-regime"
          label="Regime de contratação"
          required
          error={errors.regime?.message}
          options={REGIME_OPTIONS}
          placeholder="Selecione o regime"
        />
        <SelectField
          control={control}
          name="modelo_trabalho"
          id="vaga-modelo-trabalho"
          label="Modelo de trabalho"
          required
          error={errors.modelo_trabalho?.message}
          options={WORK_MODEL_OPTIONS}
          placeholder="Selecione o modelo de trabalho"
        />

        <FormItem
          id="vaga-descricao"
          label="Descrição"
          required
          error={errors.descricao?.message}
          className="sm:col-span-2"
        >
          {(controlProps) => (
            <Textarea
              {...controlProps}
              rows={4}
              placeholder="Conte sobre a vaga, o time e o dia a dia"
              {...register("descricao")}
            />
          )}
        </FormItem>

        {LISTS.map((list) => (
          <FormItem
            key={list.name}
            id={`vaga-${list.name}`}
            label={list.label}
            required={list.required}
            hint={list.required ? undefined : "Opcional."}
            error={errors[list.name]?.message ?? errors[list.name]?.root?.message}
            className="sm:col-span-2"
          >
            {(controlProps) => (
              <Controller
                control={control}
                name={list.name}
                render={({ field }) => (
                  <ListInput
                    {...controlProps}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    itemName={list.itemName}
                    listLabel={list.addedLabel}
                    placeholder={list.placeholder}
                  />
                )}
              />
            )}
          </FormItem>
        ))}
      </div>

      <div className="mt-7 flex flex-col-reverse gap-3 border-t pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted-foreground">
          Campos com <span className="text-destructive">*</span> são obrigatórios.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {busy ? "Salvando..." : editing ? "Salvar alterações" : "Cadastrar vaga"}
          </Button>
        </div>
      </div>
    </form>
  );
}
