import { FlaskConical } from "lucide-react";
import type { PlanExperiment } from "@/domain/planning/plan-content.schema";
import { DataTable, EMPTY_CELL, Td, Th } from "./data-table";
import { EmptyNote } from "./empty-note";
import { PhoneCards } from "./phone-cards";
import { SectionCard } from "./section-card";

/** Spec §2 viewer: the experiments. */
export function ExperimentsTable({ experiments }: { experiments: readonly PlanExperiment[] }) {
  return (
    <SectionCard id="experimentos" title="Experimentos" icon={FlaskConical} count={experiments.length}>
      {experiments.length === 0 ? (
        <EmptyNote>Nenhum experimento neste planejamento.</EmptyNote>
      ) : (
        <>
          <PhoneCards
            label="Experimentos"
            cards={experiments.map((experiment) => ({
              title: experiment.nome,
              fields: [
                { label: "Hipótese", value: experiment.hipotese },
                { label: "Métrica", value: experiment.metrica },
                { label: "Período", value: experiment.periodo },
              ],
            }))}
          />
          <div className="hidden min-w-0 md:block">
            <DataTable label="Tabela de experimentos" minWidth="min-w-[44rem]">
              <thead>
                <tr>
                  <Th className="w-[22%]">Nome</Th>
                  <Th>Hipótese</Th>
                  <Th className="w-[20%]">Métrica</Th>
                  <Th className="w-[16%]">Período</Th>
                </tr>
              </thead>
              <tbody>
                {experiments.map((experiment, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: experiments have no id; the position is their identity
                  <tr key={index}>
                    <Td className="font-medium">{experiment.nome}</Td>
                    <Td className="text-muted-foreground">{experiment.hipotese || EMPTY_CELL}</Td>
                    <Td>{experiment.metrica || EMPTY_CELL}</Td>
                    <Td>{experiment.periodo || EMPTY_CELL}</Td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </div>
        </>
      )}
    </SectionCard>
  );
}
