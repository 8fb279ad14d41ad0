import { useState } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatBRL } from "@/domain/money";
import type { Painel } from "@/domain/painel/api";
import { REQUEST_TYPE_LABELS, type RequestKind } from "@/domain/requests/kinds";
import { KIND_NAMES, REQUEST_KIND_META } from "@/domain/requests/kinds/meta";
import { SLA_STANDING_LABELS } from "@/domain/sla/service-level";
import { amountSeries, amountsByMonth, durationText, requestsByMonth } from "../lib/pivot";
import { ChartCard, Segmented } from "./chart-card";

/* The four charts of the Painel (decision 014), each with its numbers in the tooltip. */

const PALETTE = ["#5b4ee6", "#0ea5a4", "#f59e0b", "#ec4899", "#64748b", "#22c55e", "#ef4444", "#8b5cf6"];
const KIND_COLORS = Object.fromEntries(
  KIND_NAMES.map((kind) => [kind, REQUEST_KIND_META[kind].chartColour]),
) as Record<RequestKind, string>;
const HEIGHT = 260;
// Bars are drawn at once (isAnimationActive={false}): a resize or a refetch never shows them half-grown.
const axis = { fontSize: 12, stroke: "currentColor", className: "text-muted-foreground" } as const;
const tooltipStyle = { borderRadius: 8, fontSize: 12 } as const;
const count = (v: unknown) => Number(v).toLocaleString("pt-BR");
const reais = (v: unknown) => formatBRL(Math.round(Number(v) * 100));
const compactReais = (v: unknown) =>
  `R$ ${Number(v).toLocaleString("pt-BR", { notation: "compact", maximumFractionDigits: 1 })}`;

export function RequestsChart({ painel }: { painel: Painel }) {
  return (
    <ChartCard id="solicitacoes" title="Solicitações por mês" hint="Enviadas no período, por tipo.">
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <BarChart data={requestsByMonth(painel)} margin={{ left: -16, right: 8 }}>
          <CartesianGrid vertical={false} strokeOpacity={0.15} />
          <XAxis dataKey="mes" tick={axis} tickLine={false} />
          <YAxis allowDecimals={false} tick={axis} tickLine={false} axisLine={false} />
          <Tooltip formatter={count} contentStyle={tooltipStyle} cursor={{ fillOpacity: 0.08 }} />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
          {painel.tipos.map((tipo) => (
            <Bar
              key={tipo}
              dataKey={tipo}
              name={REQUEST_TYPE_LABELS[tipo]}
              stackId="n"
              fill={KIND_COLORS[tipo]}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

type By = "centroCusto" | "tipoDespesa";
type Measure = "aprovadoCentavos" | "pagoCentavos";

export function AmountsChart({ painel }: { painel: Painel }) {
  const [by, setBy] = useState<By>("centroCusto");
  const [measure, setMeasure] = useState<Measure>("aprovadoCentavos");
  const series = amountSeries(painel, by);
  return (
    <ChartCard
      id="valores"
      title={measure === "aprovadoCentavos" ? "Valores aprovados por mês" : "Valores pagos por mês"}
      hint="Reembolsos e bolsas: aprovados pelo mês da decisão, pagos pelo mês do pagamento."
      actions={
        <div className="flex flex-wrap gap-2">
          <Segmented
            label="Valor"
            value={measure}
            onChange={setMeasure}
            options={[
              { value: "aprovadoCentavos", label: "Aprovado" },
              { value: "pagoCentavos", label: "Pago" },
            ]}
          />
          <Segmented
            label="Agrupar por"
            value={by}
            onChange={setBy}
            options={[
              { value: "centroCusto", label: "Centro de custo" },
              { value: "tipoDespesa", label: "Tipo de despesa" },
            ]}
          />
        </div>
      }
    >
      {series.length ? (
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={amountsByMonth(painel, by, measure)} margin={{ left: 4, right: 8 }}>
            <CartesianGrid vertical={false} strokeOpacity={0.15} />
            <XAxis dataKey="mes" tick={axis} tickLine={false} />
            <YAxis tickFormatter={compactReais} tick={axis} tickLine={false} axisLine={false} width={64} />
            <Tooltip formatter={reais} contentStyle={tooltipStyle} cursor={{ fillOpacity: 0.08 }} />
            <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
            {series.map((s, i) => (
              <Bar
                isAnimationActive={false}
                key={s}
                dataKey={s}
                stackId="v"
                fill={PALETTE[i % PALETTE.length]}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      ) : (
        <Empty text="Nenhum valor aprovado ou pago no período." />
      )}
    </ChartCard>
  );
}

export function TimesChart({ painel }: { painel: Painel }) {
  const data = painel.tempos
    .filter((t) => t.decisao.total || t.pagamento.total)
    .map((t) => ({
      tipo: REQUEST_TYPE_LABELS[t.tipo],
      "Decisão (mediana)": t.decisao.mediana,
      "Decisão (90%)": t.decisao.p90,
      "Pagamento (mediana)": t.pagamento.mediana,
      "Pagamento (90%)": t.pagamento.p90,
    }));
  return (
    <ChartCard
      id="tempos"
      title="Tempo até a decisão e até o pagamento"
      hint="Mediana e 90º percentil, em tempo corrido, das solicitações enviadas no período (entrega ou resolução nos outros tipos)."
    >
      {data.length ? (
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={data} margin={{ left: -8, right: 8 }}>
            <CartesianGrid vertical={false} strokeOpacity={0.15} />
            <XAxis dataKey="tipo" tick={axis} tickLine={false} interval={0} />
            <YAxis
              tickFormatter={(v) => `${Math.round(Number(v) / 24)} d`}
              tick={axis}
              tickLine={false}
              axisLine={false}
            />
            <Tooltip
              formatter={(v) => durationText(v === null || v === undefined ? null : Number(v))}
              contentStyle={tooltipStyle}
              cursor={{ fillOpacity: 0.08 }}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
            <Bar isAnimationActive={false} dataKey="Decisão (mediana)" fill="#5b4ee6" />
            <Bar isAnimationActive={false} dataKey="Decisão (90%)" fill="#a5a0f2" />
            <Bar isAnimationActive={false} dataKey="Pagamento (mediana)" fill="#0ea5a4" />
            <Bar isAnimationActive={false} dataKey="Pagamento (90%)" fill="#86dcdb" />
          </BarChart>
        </ResponsiveContainer>
      ) : (
        <Empty text="Nenhuma decisão no período." />
      )}
    </ChartCard>
  );
}

export function ServiceLevelChart({ painel }: { painel: Painel }) {
  const data = painel.prazos.map((p) => ({
    tipo: REQUEST_TYPE_LABELS[p.tipo],
    [SLA_STANDING_LABELS.no_prazo]: p.noPrazo,
    [SLA_STANDING_LABELS.atencao]: p.atencao,
    [SLA_STANDING_LABELS.atrasada]: p.atrasada,
    "Sem prazo definido": p.semMeta,
  }));
  const open = painel.prazos.reduce((n, p) => n + p.noPrazo + p.atencao + p.atrasada + p.semMeta, 0);
  return (
    <ChartCard
      id="prazos"
      title="Solicitações abertas e o prazo"
      hint={`Agora, qualquer que seja o período: ${open} ${open === 1 ? "aberta" : "abertas"}. 'Atenção' a partir de 80% do prazo.`}
    >
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
          <CartesianGrid horizontal={false} strokeOpacity={0.15} />
          <XAxis type="number" allowDecimals={false} tick={axis} tickLine={false} />
          <YAxis type="category" dataKey="tipo" tick={axis} tickLine={false} axisLine={false} width={96} />
          <Tooltip formatter={count} contentStyle={tooltipStyle} cursor={{ fillOpacity: 0.08 }} />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
          <Bar isAnimationActive={false} dataKey={SLA_STANDING_LABELS.no_prazo} stackId="s" fill="#16a34a" />
          <Bar isAnimationActive={false} dataKey={SLA_STANDING_LABELS.atencao} stackId="s" fill="#f59e0b" />
          <Bar isAnimationActive={false} dataKey={SLA_STANDING_LABELS.atrasada} stackId="s" fill="#dc2626" />
          <Bar isAnimationActive={false} dataKey="Sem prazo definido" stackId="s" fill="#cbd5e1" />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <div
      className="flex items-center justify-center text-sm text-muted-foreground"
      style={{ height: HEIGHT }}
    >
      {text}
    </div>
  );
}
