import { X } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { isIsoDate, todayInSaoPaulo } from "@/domain/dates";
import { isRequestKind, REQUEST_KIND_REGISTRY, REQUEST_KINDS } from "@/domain/requests/kinds";
import {
  isRequestState,
  REQUEST_STATE_LABELS,
  type RequestState,
  workflowStates,
} from "@/domain/requests/workflow";
import { DatePicker, pastDaysWindow } from "@/web/components/form/date-picker";
import { FormItem } from "@/web/components/form/form-item";
import { SearchBox } from "@/web/components/search-box";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/web/components/ui/select";
import type { QueueFilters } from "../api/get-queue";
import { kindLabel } from "../lib/kinds";

/** The Select's value for "no filter" (Radix refuses an empty string). */
const ALL = "todos";

type SetFilter = (key: keyof QueueFilters, value: string | undefined) => void;

function statesFor(kind: string | undefined): RequestState[] {
  const kinds = kind && isRequestKind(kind) ? [kind] : REQUEST_KINDS;
  const states = new Set<RequestState>();
  for (const k of kinds) for (const s of workflowStates(REQUEST_KIND_REGISTRY[k].workflow)) states.add(s);
  return [...states];
}

/** Reads the filters from the address, so a reload or 'Voltar' keeps them. */
export function useQueueFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<QueueFilters>(() => {
    const tipo = params.get("tipo") ?? "";
    const status = params.get("status") ?? "";
    const date = (v: string | null) => (v && isIsoDate(v) ? v : undefined);
    return {
      tipo: isRequestKind(tipo) ? tipo : undefined,
      status: isRequestState(status) ? status : undefined,
      solicitante: params.get("solicitante")?.trim() || undefined,
      de: date(params.get("de")),
      ate: date(params.get("ate")),
      busca: params.get("busca")?.trim() || undefined,
    };
  }, [params]);
  const set: SetFilter = (key, value) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key === "tipo" && value && !statesFor(value).includes(next.get("status") as RequestState))
          next.delete("status");
        return next;
      },
      { replace: true },
    );
  const clear = () => setParams(new URLSearchParams(), { replace: true });
  return { filters, set, clear };
}

/** The filters of 'Caixa de entrada': kind, state, requester and the period it was sent in. */
export function QueueFilterBar({
  filters,
  set,
  clear,
  filtered,
}: {
  filters: QueueFilters;
  set: SetFilter;
  clear: () => void;
  filtered: boolean;
}) {
  const id = useId();
  // The name is typed freely; the address (and the query) follow a moment later.
  const [who, setWho] = useState(filters.solicitante ?? "");
  useEffect(() => setWho(filters.solicitante ?? ""), [filters.solicitante]);
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((filters.solicitante ?? "") !== who.trim()) set("solicitante", who.trim() || undefined);
    }, 300);
    return () => clearTimeout(timer);
  });

  return (
    <fieldset className="grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end">
      <legend className="sr-only">Filtros</legend>
      <SearchBox
        value={filters.busca ?? ""}
        onSearch={(value) => set("busca", value)}
        placeholder="Palavras da descrição, do assunto, do título…"
        className="sm:col-span-2 lg:col-span-6"
      />
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-tipo`}>Tipo</Label>
        <Select value={filters.tipo ?? ALL} onValueChange={(v) => set("tipo", v === ALL ? undefined : v)}>
          <SelectTrigger id={`${id}-tipo`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>Todos os tipos</SelectItem>
            {REQUEST_KINDS.map((kind) => (
              <SelectItem key={kind} value={kind}>
                {kindLabel(kind)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-status`}>Situação</Label>
        <Select value={filters.status ?? ALL} onValueChange={(v) => set("status", v === ALL ? undefined : v)}>
          <SelectTrigger id={`${id}-status`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>Em aberto</SelectItem>
            {statesFor(filters.tipo).map((state) => (
              <SelectItem key={state} value={state}>
                {REQUEST_STATE_LABELS[state]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-who`}>Solicitante</Label>
        <Input
          id={`${id}-who`}
          type="search"
          value={who}
          onChange={(e) => setWho(e.target.value)}
          placeholder="Nome ou email"
          maxLength={200}
        />
      </div>
      <SentBetween id={id} filters={filters} set={set} />
      <Button
        type="button"
        variant="ghost"
        onClick={clear}
        disabled={!filtered}
        className="sm:col-span-2 lg:col-span-1"
      >
        <X aria-hidden="true" />
        Limpar
      </Button>
    </fieldset>
  );
}

/**
 * 'Enviadas de' … 'até': the kit's pt-BR date pickers (dd/mm/aaaa whatever the
 * browser's language), each bounded by the other, either one may be emptied.
 */
function SentBetween({ id, filters, set }: { id: string; filters: QueueFilters; set: SetFilter }) {
  const today = todayInSaoPaulo();
  const { min, max } = pastDaysWindow(today);
  const dates = [
    { key: "de", label: "Enviadas de", calendar: "Escolha a data inicial", min, max: filters.ate ?? max },
    { key: "ate", label: "até", calendar: "Escolha a data final", min: filters.de ?? min, max },
  ] as const;
  return dates.map((date) => (
    <FormItem key={date.key} id={`${id}-${date.key}`} label={date.label} className="gap-1.5">
      {(control) => (
        <DatePicker
          {...control}
          labelId={`${id}-${date.key}-label`}
          calendarLabel={date.calendar}
          min={date.min}
          max={date.max}
          today={today}
          clearable
          value={filters[date.key] ?? ""}
          onChange={(value) => set(date.key, value || undefined)}
        />
      )}
    </FormItem>
  ));
}
