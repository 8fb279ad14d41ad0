import { todayInSaoPaulo } from "@/domain/dates";
import { httpMessages } from "@/domain/messages";
import { PAINEL_MAX_MONTHS, type Painel, type PainelQuery, painelMessages } from "@/domain/painel/api";
import { REQUEST_KINDS, requestKind } from "@/domain/requests/kinds";
import { prazoOf } from "@/domain/sla/service-level";
import type { CurrentUser } from "../../auth/auth.plugin";
import type { Executor } from "../../db/client";
import { AppError, forbidden } from "../../http/errors";
import type { KindScope, ReviewerScope } from "../review/review.queries";
import { listTargets } from "../sla/sla.queries";
import { type PainelRows, type Period, painelRows } from "./painel.queries";
import type { PainelCache } from "./painel-cache";

/** 'yyyy-mm' of every month from `from` to `to`. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const end = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, "0")}`;
    if (key > end) return months;
    months.push(key);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

/** The last 12 months, this one included: the first day eleven months back to today. */
function defaultPeriod(now: Date): Period {
  const today = todayInSaoPaulo(now);
  let y = Number(today.slice(0, 4));
  let m = Number(today.slice(5, 7)) - 11;
  if (m < 1) [y, m] = [y - 1, m + 12];
  return { from: `${y}-${String(m).padStart(2, "0")}-01`, to: today };
}

const num = (v: number | string | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);

/**
 * 'Painel': administrators see every kind; a team member the kinds
 * (and support departments) their teams handle, by the queue's own scope
 * (decision 014). Anyone else: 403.
 */
export function createPainelService(deps: {
  db: Executor;
  scopeOf: (user: { teams: CurrentUser["teams"] }) => ReviewerScope;
  clock?: () => Date;
  /** The rows kept per scope and period (docs/decisions/038); without it every call reads. */
  cache?: PainelCache<PainelRows>;
}) {
  const { db, cache } = deps;

  function scopesFor(user: CurrentUser): KindScope[] {
    if (user.access.admin) return REQUEST_KINDS.map((kind) => ({ kind, all: true, routedValues: [] }));
    if (!user.access.caixa) throw forbidden();
    return deps.scopeOf(user).kinds;
  }

  /** The statement's rows, kept or read; what the clock decides (the open requests' deadlines) is not kept. */
  async function rowsOf(scopes: KindScope[], period: Period, months: number): Promise<PainelRows> {
    const key = JSON.stringify([scopes, period]);
    const kept = cache?.get(key);
    if (kept) return kept;
    const mark = cache?.mark() ?? 0;
    const rows = await painelRows(db, scopes, period, months);
    cache?.set(key, mark, rows);
    return rows;
  }

  async function painel(user: CurrentUser, query: PainelQuery): Promise<Painel> {
    const scopes = scopesFor(user);
    const now = deps.clock?.() ?? new Date();
    const fallback = defaultPeriod(now);
    const period: Period = { from: query.de ?? fallback.from, to: query.ate ?? fallback.to };
    if (period.from > period.to) throw badRange(painelMessages.rangeInvalid);
    const meses = monthsBetween(period.from, period.to);
    if (meses.length > PAINEL_MAX_MONTHS) throw badRange(painelMessages.rangeTooLong);
    const [rows, targets] = await Promise.all([rowsOf(scopes, period, meses.length), listTargets(db)]);
    const tipos = REQUEST_KINDS.filter((k) => scopes.some((s) => s.kind === k));
    const prazos = tipos.map((tipo) => ({ tipo, noPrazo: 0, atencao: 0, atrasada: 0, semMeta: 0 }));
    for (const [tipo, status, slaMinutes, statusChangedAt] of rows.abertos) {
      const entry = prazos.find((p) => p.tipo === tipo)!;
      const prazo = prazoOf(
        {
          workflow: requestKind(tipo).workflow,
          status,
          slaMinutes: Number(slaMinutes),
          statusChangedAt: new Date(Number(statusChangedAt)),
        },
        targets.get(tipo),
        now,
        false,
      );
      if (!prazo) entry.semMeta += 1;
      else if (prazo.situacao === "no_prazo") entry.noPrazo += 1;
      else if (prazo.situacao === "atencao") entry.atencao += 1;
      else entry.atrasada += 1;
    }
    // A kind with nothing sent in the period still has its (empty) times.
    const times = tipos.map(
      (tipo) =>
        rows.tempos.find((t) => t.tipo === tipo) ?? {
          tipo,
          decisao: null,
          decisao_n: 0,
          pagamento: null,
          pagamento_n: 0,
        },
    );
    return {
      de: period.from,
      ate: period.to,
      meses,
      tipos,
      porMes: rows.porMes.map((r) => ({ mes: meses[r.mes - 1]!, tipo: r.tipo, total: Number(r.total) })),
      valores: rows.valores.map((r) => ({
        mes: meses[r.mes - 1]!,
        centroCusto: r.centro,
        tipoDespesa: r.despesa,
        aprovadoCentavos: Number(r.aprovado),
        pagoCentavos: Number(r.pago),
      })),
      tempos: times.map((t) => ({
        tipo: t.tipo,
        decisao: {
          mediana: num(t.decisao?.[0] ?? null),
          p90: num(t.decisao?.[1] ?? null),
          total: Number(t.decisao_n),
        },
        pagamento: {
          mediana: num(t.pagamento?.[0] ?? null),
          p90: num(t.pagamento?.[1] ?? null),
          total: Number(t.pagamento_n),
        },
      })),
      prazos,
      enviadoAoBanco: { total: Number(rows.noBanco.total), centavos: Number(rows.noBanco.centavos) },
    };
  }

  return { painel };
}

function badRange(message: string) {
  return new AppError(
    400,
    "VALIDATION",
    { title: httpMessages.badRequest, description: message },
    { de: message },
  );
}

export type PainelService = ReturnType<typeof createPainelService>;
