/*
 * A request against its kind's service level (decision 014): how much business
 * time the team has used, what is left, and the three words a requester sees.
 * The clock runs while the request is open and not waiting on its requester
 * (WAITING_ON_REQUESTER_STATES); `sla_minutes` keeps what ran before the
 * current state began.
 */

import { z } from "zod";
import { isClosed, WAITING_ON_REQUESTER_STATES, type Workflow } from "../requests/workflow";
import { businessMinutesBetween } from "./business-hours";

/** 'Atenção' from this share of the target on (decision 014): a fifth of the time left is a day of a week's target. */
export const AT_RISK_SHARE = 0.8;

export const SLA_STANDINGS = ["no_prazo", "atencao", "atrasada"] as const;
export type SlaStanding = (typeof SLA_STANDINGS)[number];

export const SLA_STANDING_LABELS: Record<SlaStanding, string> = {
  no_prazo: "No prazo",
  atencao: "Atenção",
  atrasada: "Atrasada",
};

/**
 * Whether the clock runs in this state of the request's workflow: open and
 * waiting on the team. Closed is the kind's own word: 'Aprovado' ends an
 * absence but not a reimbursement, which finance still pays.
 */
export function clockRuns(workflow: Workflow, state: string): boolean {
  return !isClosed(workflow, state) && !(WAITING_ON_REQUESTER_STATES as readonly string[]).includes(state);
}

/** What the clock reads of a request: its kind's workflow, its state and the minutes it kept. */
export type ClockRow = { workflow: Workflow; status: string; slaMinutes: number; statusChangedAt: Date };

/** Business minutes used so far: what ran before the current state, plus the current state's share if the clock runs. */
export function elapsedMinutes(row: ClockRow, now: Date): number {
  return (
    row.slaMinutes +
    (clockRuns(row.workflow, row.status) ? businessMinutesBetween(row.statusChangedAt, now) : 0)
  );
}

export function slaStanding(elapsed: number, targetHours: number): SlaStanding {
  const target = targetHours * 60;
  if (elapsed > target) return "atrasada";
  return elapsed >= target * AT_RISK_SHARE ? "atencao" : "no_prazo";
}

/**
 * The deadline as a reader sees it. Reviewers get the minutes left (negative
 * when late); requesters only the standing, never the target (decision 014).
 */
export const PrazoSchema = z.object({
  situacao: z.enum(SLA_STANDINGS),
  /** The clock is stopped: the request waits on its requester. */
  pausado: z.boolean(),
  /** Reviewers only: business minutes left, negative once late. */
  restanteMinutos: z.number().int().nullable(),
});
export type Prazo = z.infer<typeof PrazoSchema>;

export function prazoOf(
  row: ClockRow,
  targetHours: number | null | undefined,
  now: Date,
  forReviewer: boolean,
): Prazo | null {
  if (!targetHours || isClosed(row.workflow, row.status)) return null;
  const elapsed = elapsedMinutes(row, now);
  return {
    situacao: slaStanding(elapsed, targetHours),
    pausado: !clockRuns(row.workflow, row.status),
    restanteMinutos: forReviewer ? targetHours * 60 - elapsed : null,
  };
}

/** '5 h úteis', '1 h 30 min úteis', '45 min úteis'. */
export function businessDuration(minutes: number): string {
  const m = Math.abs(Math.round(minutes));
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (!h) return `${rest} min úteis`;
  return rest ? `${h} h ${rest} min úteis` : `${h} h úteis`;
}

/** The words of the deadline: 'Prazo: 5 h úteis restantes', 'Atrasada há 2 h úteis', or the standing alone. */
export function prazoText(prazo: Prazo): string {
  const paused = prazo.pausado ? " (pausado)" : "";
  if (prazo.restanteMinutos === null) return SLA_STANDING_LABELS[prazo.situacao] + paused;
  if (prazo.restanteMinutos < 0) return `Atrasada há ${businessDuration(prazo.restanteMinutos)}${paused}`;
  return `Prazo: ${businessDuration(prazo.restanteMinutos)} restantes${paused}`;
}

/** Administrators' target per kind, in business hours. */
export const SLA_TARGET_MAX_HOURS = 9 * 5 * 8; // eight business weeks
export const ServiceLevelInputSchema = z.object({
  metaHoras: z
    .number({ error: "Informe a meta em horas úteis" })
    .int("Use um número inteiro de horas")
    .min(1, "A meta deve ser de pelo menos 1 hora útil")
    .max(SLA_TARGET_MAX_HOURS, `A meta deve ser de no máximo ${SLA_TARGET_MAX_HOURS} horas úteis`)
    // null removes the target: the kind has no service level.
    .nullable(),
});
export type ServiceLevelInput = z.infer<typeof ServiceLevelInputSchema>;
