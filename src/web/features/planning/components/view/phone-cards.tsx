import type * as React from "react";
import { EMPTY_CELL } from "./data-table";

export type PhoneCard = {
  key?: string;
  /** A line above the title (a post's channel and format). */
  eyebrow?: React.ReactNode;
  title: React.ReactNode;
  fields: { label: string; value: React.ReactNode }[];
  /** Actions under the fields (a post's 'Criar Tarefa'). */
  footer?: React.ReactNode;
};

/**
 * A table's rows on a phone, each a card of labelled values: a four-column
 * table of sentences does not fit 390 px. Shown below md; the table from md up.
 */
export function PhoneCards({ label, cards }: { label: string; cards: PhoneCard[] }) {
  return (
    <ul aria-label={label} className="flex flex-col gap-3 md:hidden">
      {cards.map((card, index) => (
        // Rows without an id (pillars, experiments, unsaved posts) are known by their position.
        <li key={card.key ?? index} className="rounded-lg border bg-card p-4 text-sm">
          {card.eyebrow ? (
            <div className="mb-1.5 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
              {card.eyebrow}
            </div>
          ) : null}
          <p className="font-medium leading-snug">{card.title}</p>
          <dl className="mt-3 flex flex-col gap-2">
            {card.fields.map(({ label: fieldLabel, value }) => (
              <div key={fieldLabel}>
                <dt className="text-xs font-medium text-muted-foreground">{fieldLabel}</dt>
                <dd className="leading-snug">{value || EMPTY_CELL}</dd>
              </div>
            ))}
          </dl>
          {card.footer ? <div className="mt-3 flex justify-end border-t pt-3">{card.footer}</div> : null}
        </li>
      ))}
    </ul>
  );
}
