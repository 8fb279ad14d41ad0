import { zodResolver } from "@hookform/resolvers/zod";
import {
  type JobOpeningFormValues,
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
import type { FieldSpec } from "@/web/components/form/form-fields";
import { RecordForm } from "@/web/components/form/record-form";
import { useSaveJobOpening } from "../api/job-openings";
import type { JobOpening } from "../types";
import { ListInput } from "./list-input";

const resolver = zodResolver(JobOpeningInputSchema);

type ListName = "atividades" | "requisitos" | "diferenciais" | "beneficios";

/** A list of short texts ('Adicionar'); the optional ones say so. */
function list(
  name: ListName,
  label: string,
  texts: { itemName: string; placeholder: string; addedLabel: string },
  required = false,
): FieldSpec<JobOpeningFormValues> {
  return {
    type: "custom",
    name,
    label,
    required,
    hint: required ? undefined : "Opcional.",
    wide: true,
    initial: [],
    render: (control, field) => (
      <ListInput
        {...control}
        value={field.value as string[] | undefined}
        onChange={field.onChange}
        onBlur={field.onBlur}
        ref={field.ref}
        itemName={texts.itemName}
        listLabel={texts.addedLabel}
        placeholder={texts.placeholder}
      />
    ),
  };
}

/** Spec §4 Vaga form, in screen order. */
const FIELDS: readonly FieldSpec<JobOpeningFormValues>[] = [
  {
    type: "text",
    name: "titulo",
    label: "Título da vaga",
    required: true,
    wide: true,
    placeholder: "Ex.: Designer Pleno",
  },
  {
    type: "select",
    name: "departamento",
    label: "Departamento",
    required: true,
    options: JOB_OPENING_DEPARTMENT_OPTIONS,
    placeholder: "Selecione o departamento",
  },
  {
    type: "select",
    name: "senioridade",
    label: "Senioridade",
    required: true,
    options: SENIORITY_OPTIONS,
    placeholder: "Selecione a senioridade",
  },
  {
    type: "select",
    name: "regime",
    label: "Regime de contratação",
    required: true,
    options: REGIME_OPTIONS,
    placeholder: "Selecione o regime",
    initial: DEFAULT_REGIME,
  },
  {
    type: "select",
    name: "modelo_trabalho",
    label: "Modelo de trabalho",
    required: true,
    options: WORK_MODEL_OPTIONS,
    placeholder: "Selecione o modelo de trabalho",
    initial: DEFAULT_WORK_MODEL,
  },
  {
    type: "textarea",
    name: "descricao",
    label: "Descrição",
    placeholder: "Conte sobre a vaga, o time e o dia a dia",
    rows: 4,
    required: true,
    wide: true,
  },
  list(
    "atividades",
    "Atividades",
    {
      itemName: "atividade",
      placeholder: "Ex.: Criar peças para redes sociais",
      addedLabel: "Atividades adicionadas",
    },
    true,
  ),
  list(
    "requisitos",
    "Requisitos",
    { itemName: "requisito", placeholder: "Ex.: Domínio de Figma", addedLabel: "Requisitos adicionados" },
    true,
  ),
  list("diferenciais", "Diferenciais", {
    itemName: "diferencial",
    placeholder: "Ex.: Motion design",
    addedLabel: "Diferenciais adicionados",
  }),
  list("beneficios", "Benefícios", {
    itemName: "benefício",
    placeholder: "Ex.: Vale-refeição",
    addedLabel: "Benefícios adicionados",
  }),
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
  return (
    <RecordForm
      name={editing ? "Editar vaga" : "Cadastrar vaga"}
      idPrefix="vaga"
      fields={FIELDS}
      resolver={resolver}
      record={opening}
      mutation={mutation}
      errorNotice={() => (editing ? jobOpeningToasts.updateFailed : jobOpeningToasts.createFailed)}
      successNotice={() => ({
        title: editing ? jobOpeningToasts.updated.title : jobOpeningToasts.created.title,
      })}
      onSaved={onDone}
      onCancel={onCancel}
      submitLabel={editing ? "Salvar alterações" : "Cadastrar vaga"}
    />
  );
}
