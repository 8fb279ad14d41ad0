import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowRight, History, Loader2, Lock, MessageSquare } from "lucide-react";
import { Switch } from "radix-ui";
import { useId, useState } from "react";
import { type Resolver, useWatch } from "react-hook-form";
import type { Notice } from "@/domain/messages";
import { requestStatusLabel } from "@/domain/requests/messages";
import {
  COMMENT_MAX,
  type CommentInput,
  CommentInputSchema,
  type RequestStanding,
  type TimelineEntry,
} from "@/domain/requests/review-api";
import { ACTION_DONE_TEXT } from "@/domain/requests/standing-text";
import { isRequestAction } from "@/domain/requests/workflow";
import { FormItem } from "@/web/components/form/form-item";
import { Button } from "@/web/components/ui/button";
import { Label } from "@/web/components/ui/label";
import { Textarea } from "@/web/components/ui/textarea";
import { ApiRequestError } from "@/web/lib/api-client";
import { cn } from "@/web/lib/cn";
import { formatInstantDateTime } from "@/web/lib/format";
import { markServerFields } from "@/web/lib/submit-error";
import { apiErrorNotice, toastApiError } from "@/web/lib/toast-api-error";
import { useServerForm } from "@/web/lib/use-server-form";
import { getTimelineBefore } from "../api/get-timeline";
import { useRequestComment } from "../api/review-actions";
import { AttachmentItem } from "./attachment-item";

function whatHappened(entry: TimelineEntry): string {
  switch (entry.tipo) {
    case "criada":
      return "enviou a solicitação";
    case "comentario":
      return entry.interno ? "escreveu uma nota interna" : "comentou";
    case "edicao":
      return "editou a solicitação";
    case "aprovacao_parcial":
      return "aprovou (falta a segunda aprovação)";
    case "conciliacao":
      return "conciliou o pagamento com o extrato do banco";
    case "substituicao":
      return "está ausente";
    case "responsavel_liberado":
      return "devolveu a solicitação à fila (a conta de quem a assumiu foi desativada)";
    default:
      return entry.acao && isRequestAction(entry.acao) ? ACTION_DONE_TEXT[entry.acao] : "alterou a situação";
  }
}

const LOAD_FAILED = { title: "Não foi possível carregar a linha do tempo", description: "Tente novamente." };

/**
 * The request's page brings the latest entries; 'Carregar anteriores' reads
 * the earlier ones a page at a time. They are kept for the latest page they
 * were read against: once a new entry moves that page, the timeline starts
 * again from it rather than show a gap (docs/decisions/031).
 */
function useEarlierEntries(tipo: string, id: string, standing: RequestStanding) {
  const latest = standing.linhaDoTempo;
  const anchor = latest[0]?.id ?? 0;
  const [earlier, setEarlier] = useState<{ anchor: number; entries: TimelineEntry[]; more: boolean } | null>(
    null,
  );
  const [loading, setLoading] = useState(false);
  const kept = earlier?.anchor === anchor ? earlier : null;
  const entries = kept ? [...kept.entries, ...latest] : latest;

  const loadEarlier = async () => {
    const first = entries[0];
    if (!first) return;
    setLoading(true);
    try {
      const page = await getTimelineBefore(tipo, id, first.id);
      setEarlier({ anchor, entries: [...page.itens, ...(kept?.entries ?? [])], more: page.anteriores });
    } catch (failure) {
      if (!(failure instanceof ApiRequestError && failure.status === 401))
        toastApiError(failure, LOAD_FAILED);
    } finally {
      setLoading(false);
    }
  };
  return { entries, more: kept ? kept.more : standing.linhaDoTempoAnteriores, loading, loadEarlier };
}

/**
 * Who did what and when, oldest first, São Paulo times (decision 011); internal
 * notes only reach reviewers (the server leaves them out for the requester).
 */
export function RequestTimeline({
  tipo,
  id,
  standing,
}: {
  tipo: string;
  id: string;
  standing: RequestStanding;
}) {
  const { entries, more, loading, loadEarlier } = useEarlierEntries(tipo, id, standing);
  return (
    <section aria-labelledby="timeline-title" className="flex flex-col gap-4">
      <h2 id="timeline-title" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        Linha do tempo
      </h2>
      {more ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          disabled={loading}
          onClick={() => void loadEarlier()}
        >
          {loading ? <Loader2 className="animate-spin" aria-hidden="true" /> : <History aria-hidden="true" />}
          Carregar anteriores
        </Button>
      ) : null}
      <ol className="relative grid gap-4 border-l pl-5" data-testid="timeline">
        {entries.map((entry) => (
          <li key={entry.id} className="relative">
            <span
              aria-hidden="true"
              className={cn(
                "absolute top-1.5 -left-[1.62rem] size-2.5 rounded-full border-2 border-background",
                entry.interno
                  ? "bg-amber-500"
                  : entry.tipo === "comentario"
                    ? "bg-primary"
                    : "bg-muted-foreground",
              )}
            />
            <p className="text-sm">
              <span className="font-medium">{entry.autor}</span> {whatHappened(entry)}
            </p>
            <p className="text-xs text-muted-foreground">
              <time dateTime={entry.em}>{formatInstantDateTime(entry.em)}</time>
            </p>
            {entry.de && entry.para && entry.de !== entry.para ? (
              <p className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                {requestStatusLabel(entry.de)}
                <ArrowRight className="size-3" aria-label="para" />
                <span className="font-medium text-foreground">{requestStatusLabel(entry.para)}</span>
              </p>
            ) : null}
            {entry.motivo ? (
              <blockquote className="mt-2 rounded-md border-l-2 border-primary/40 bg-muted/50 px-3 py-2 text-sm whitespace-pre-line break-words">
                <span className="sr-only">Motivo: </span>
                {entry.motivo}
              </blockquote>
            ) : null}
            {entry.notas.length ? (
              <ul className="mt-1 grid gap-0.5 text-sm">
                {entry.notas.map((note) => (
                  <li key={note} className="break-words">
                    {note}
                  </li>
                ))}
              </ul>
            ) : null}
            {entry.texto ? (
              <div
                className={cn(
                  "mt-2 rounded-md border px-3 py-2 text-sm whitespace-pre-line break-words",
                  entry.interno ? "border-amber-200 bg-amber-50 text-amber-950" : "bg-card",
                )}
              >
                {entry.interno ? (
                  <span className="mb-1 flex items-center gap-1 text-xs font-semibold text-amber-800">
                    <Lock className="size-3" aria-hidden="true" />
                    Nota interna
                  </span>
                ) : null}
                {entry.texto}
              </div>
            ) : null}
            {entry.alteracoes?.length ? (
              <ul className="mt-2 grid gap-1 rounded-md bg-muted/50 px-3 py-2 text-sm">
                {entry.alteracoes.map((change) => (
                  <li key={change.campo} className="break-words">
                    <span className="font-medium">{change.campo}:</span>{" "}
                    <span className="text-muted-foreground line-through">{change.de || "—"}</span>{" "}
                    <ArrowRight className="inline size-3" aria-label="para" /> {change.para || "—"}
                  </li>
                ))}
              </ul>
            ) : null}
            {entry.anexos.length ? (
              <ul className="mt-2 grid gap-2" aria-label="Arquivos">
                {entry.anexos.map((file) => (
                  <AttachmentItem key={file.id} file={file} />
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
      <CommentBox tipo={tipo} id={id} internalAllowed={standing.podeNotaInterna} />
    </section>
  );
}

const FAILED = { title: "Não foi possível enviar o comentário", description: "Tente novamente." };

type CommentValues = { texto: string; interno: boolean };

/** 'Comentar' through the form kit: the server's own schema, its field message under the box. */
function CommentBox({ tipo, id, internalAllowed }: { tipo: string; id: string; internalAllowed: boolean }) {
  const comment = useRequestComment(tipo, id);
  const fieldId = useId();
  const { form, onSubmit, busy } = useServerForm({
    resolver: zodResolver(CommentInputSchema) as unknown as Resolver<CommentValues, unknown, CommentInput>,
    defaults: { texto: "", interno: false },
    serverFields: ["texto"],
    send: (values) =>
      comment.mutateAsync({ texto: values.texto, interno: internalAllowed && values.interno }),
    isPending: comment.isPending,
    errorNotice: (error) => apiErrorNotice(error, FAILED),
    // A refused text is said under the box only, without a toast.
    intercept: (error): boolean =>
      markServerFields(error, ["texto"] as const, (field, message) => form.setError(field, { message })),
    successNotice: (): Notice => ({
      title: form.getValues("interno") ? "Nota interna registrada" : "Comentário enviado",
    }),
    resetOnSuccess: true,
  });
  const internal = useWatch({ control: form.control, name: "interno" });
  const error = form.formState.errors.texto?.message;

  return (
    <form onSubmit={onSubmit} aria-busy={busy} className="grid gap-2" noValidate>
      <FormItem id={fieldId} label="Comentar" error={error} announce>
        {(control) => (
          <Textarea
            {...control}
            {...form.register("texto", {
              // The message goes as soon as the text changes, as before the form kit.
              onChange: () => form.clearErrors("texto"),
            })}
            placeholder={internal ? "Só a equipe lê esta nota" : "Escreva um comentário"}
            maxLength={COMMENT_MAX}
            rows={3}
            className={cn(internal && "border-amber-300 bg-amber-50/60")}
          />
        )}
      </FormItem>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {internalAllowed ? (
          <div className="flex items-center gap-2">
            <Switch.Root
              id={`${fieldId}-internal`}
              checked={internal}
              onCheckedChange={(checked) => form.setValue("interno", checked)}
              className="relative inline-flex h-5 w-9 shrink-0 items-center rounded-full bg-input transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 data-[state=checked]:bg-amber-500"
            >
              <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-background shadow transition-transform data-[state=checked]:translate-x-[1.125rem]" />
            </Switch.Root>
            <Label htmlFor={`${fieldId}-internal`} className="flex items-center gap-1 font-normal">
              <Lock className="size-3.5" aria-hidden="true" />
              Nota interna
            </Label>
          </div>
        ) : (
          <span />
        )}
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <MessageSquare aria-hidden="true" />
          )}
          {internal ? "Registrar nota" : "Comentar"}
        </Button>
      </div>
    </form>
  );
}
