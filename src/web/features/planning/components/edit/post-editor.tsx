import { Check } from "lucide-react";
import { planMessages } from "@/domain/planning/messages";
import { PLAN_CHANNELS } from "@/domain/planning/options";
import { Badge } from "@/web/components/ui/badge";
import { ContentField } from "./content-field";
import { ItemCard } from "./item-card";

/**
 * One post of a week as a card of labelled fields. Its id, bitrix_created and
 * bitrix_task_id are not fields: they stay in the form's values as they came,
 * so a save never loses a post's task.
 */
export function PostEditor({
  week,
  index,
  hasTask,
  onRemove,
}: {
  week: number;
  index: number;
  hasTask: boolean;
  onRemove: () => void;
}) {
  const path = `calendario_editorial.semanas.${week}.posts.${index}` as const;
  return (
    <ItemCard
      id={`plano-semana-${week}-post-${index}`}
      title={`Post ${index + 1}`}
      removeLabel={`Remover post ${index + 1} da semana ${week + 1}`}
      onRemove={onRemove}
      badge={
        hasTask ? (
          <Badge variant="outline" className="border-emerald-200 bg-emerald-50 font-medium text-emerald-800">
            <Check aria-hidden="true" />
            {planMessages.taskCreated}
          </Badge>
        ) : null
      }
    >
      <ContentField name={`${path}.canal`} label="Canal" required suggestions={PLAN_CHANNELS} />
      <ContentField name={`${path}.tipo_post`} label="Tipo de Post" placeholder="Ex.: Carrossel, Reels" />
      <ContentField name={`${path}.titulo`} label="Título/Headline" required className="sm:col-span-2" />
      <ContentField name={`${path}.cta`} label="CTA" />
      <ContentField name={`${path}.gancho`} label="Gancho/Data" />
      <ContentField
        name={`${path}.descricao_completa`}
        label="Descrição"
        multiline
        className="sm:col-span-2"
      />
      <ContentField name={`${path}.meta_primaria`} label="Meta primária" />
      <ContentField name={`${path}.kpi`} label="KPI" />
      <ContentField
        name={`${path}.observacoes_producao`}
        label="Produção"
        multiline
        placeholder="Observações para a produção"
        className="sm:col-span-2"
      />
      <ContentField
        name={`${path}.ab_test`}
        label="Teste A/B (deixe vazio se não houver)"
        placeholder="Ex.: Carrossel x Reels"
        className="sm:col-span-2"
      />
    </ItemCard>
  );
}
