import { Lightbulb } from "lucide-react";
import { EmptyNote } from "./empty-note";
import { SectionCard } from "./section-card";

/** Spec §2 viewer: the general insights as a bullet list. */
export function InsightsList({ insights }: { insights: readonly string[] }) {
  return (
    <SectionCard id="insights" title="Insights gerais" icon={Lightbulb} count={insights.length}>
      {insights.length === 0 ? (
        <EmptyNote>Nenhum insight neste planejamento.</EmptyNote>
      ) : (
        <ul className="flex flex-col gap-2.5">
          {insights.map((insight, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: insights may repeat; the position is their identity
              key={`${index}-${insight}`}
              className="flex gap-3 text-sm leading-relaxed md:text-[0.9375rem]"
            >
              <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" />
              <span className="min-w-0 break-words whitespace-pre-line">{insight}</span>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
