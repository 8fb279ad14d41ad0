import { Repeat } from "lucide-react";
import type { PlanPillar } from "@/domain/planning/plan-content.schema";
import { DataTable, EMPTY_CELL, Td, Th } from "./data-table";
import { EmptyNote } from "./empty-note";
import { PhoneCards } from "./phone-cards";
import { SectionCard } from "./section-card";

/** Spec §2 viewer: content pillars and growth loops. */
export function PillarsTable({ pillars }: { pillars: readonly PlanPillar[] }) {
  return (
    <SectionCard id="pilares" title="Pilares de conteúdo e growth loops" icon={Repeat} count={pillars.length}>
      {pillars.length === 0 ? (
        <EmptyNote>Nenhum pilar neste planejamento.</EmptyNote>
      ) : (
        <>
          <PhoneCards
            label="Pilares"
            cards={pillars.map((pillar) => ({
              title: pillar.pilar,
              fields: [
                { label: "Loop Resumido", value: pillar.loop_resumido },
                { label: "Objetivo", value: pillar.objetivo },
                { label: "CAC ↓", value: pillar.cac_reducao ? "Sim" : "Não" },
              ],
            }))}
          />
          <div className="hidden min-w-0 md:block">
            <DataTable label="Tabela de pilares" minWidth="min-w-[44rem]">
              <thead>
                <tr>
                  <Th className="w-[22%]">Pilar</Th>
                  <Th>Loop Resumido</Th>
                  <Th className="w-[26%]">Objetivo</Th>
                  <Th className="w-20 text-center">CAC ↓</Th>
                </tr>
              </thead>
              <tbody>
                {pillars.map((pillar, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: pillars have no id; the position is their identity
                  <tr key={index}>
                    <Td className="font-medium">{pillar.pilar}</Td>
                    <Td className="text-muted-foreground">{pillar.loop_resumido || EMPTY_CELL}</Td>
                    <Td>{pillar.objetivo || EMPTY_CELL}</Td>
                    <Td className="text-center">
                      {pillar.cac_reducao ? (
                        <span className="inline-flex rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
                          Sim
                        </span>
                      ) : (
                        <span className="text-muted-foreground">{EMPTY_CELL}</span>
                      )}
                    </Td>
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
