import { MessageSquarePlus, Send } from "lucide-react";
import { useId, useState } from "react";
import { ClientCommentInputSchema, type PublicPost, shareMessages } from "@/domain/planning/share-api";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Textarea } from "@/web/components/ui/textarea";
import { ApiRequestError } from "@/web/lib/api-client";
import { formatInstantDateTime } from "@/web/lib/format";
import { notifyError, notifySuccess } from "@/web/lib/notify";
import { useClientComment } from "../../api/plan-sharing";
import { ClientField, fieldMessages } from "./client-field";

/** One post as the client reads it, its comments, and 'Comentar'. */
export function ClientPostCard({
  token,
  post,
  name,
  onName,
}: {
  token: string;
  post: PublicPost;
  name: string;
  onName: (name: string) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useClientComment(token);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ClientCommentInputSchema.safeParse({ post_id: post.id, nome: name, texto: text });
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error.issues));
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: () => {
        setText("");
        setOpen(false);
        notifySuccess(shareMessages.commentSent);
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.body.fields) setErrors(error.body.fields);
        notifyError(error instanceof ApiRequestError ? error.body.message : shareMessages.sendFailed, {
          description: error instanceof ApiRequestError ? error.body.description : undefined,
        });
      },
    });
  };

  return (
    <article
      className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs"
      data-testid="post-cliente"
    >
      <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
        <span className="font-medium text-foreground">{post.canal}</span>
        {post.tipo_post ? <span>· {post.tipo_post}</span> : null}
        {post.ab_test ? (
          <Badge
            variant="outline"
            title={post.ab_test}
            className="border-violet-200 bg-violet-50 text-violet-800"
          >
            A/B
          </Badge>
        ) : null}
      </div>
      <h4 className="text-base font-semibold break-words">{post.titulo}</h4>
      {post.descricao_completa ? (
        <p className="text-sm leading-relaxed break-words whitespace-pre-line text-foreground/90">
          {post.descricao_completa}
        </p>
      ) : null}
      <dl className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_1fr]">
        {[
          ["CTA", post.cta],
          ["Gancho", post.gancho],
          ["Meta", [post.meta_primaria, post.kpi && `KPI: ${post.kpi}`].filter(Boolean).join(" · ")],
          ["Teste A/B", post.ab_test],
        ]
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-muted-foreground">{label}</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
      </dl>

      {post.comentarios.length > 0 ? (
        <ul className="flex flex-col gap-2 border-t pt-3" aria-label="Comentários">
          {post.comentarios.map((c, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: comments are only added, in order
            <li key={index} className="rounded-md bg-muted/60 px-3 py-2 text-sm">
              <p className="text-xs text-muted-foreground">
                <span className="font-medium text-foreground">{c.nome}</span> · {formatInstantDateTime(c.em)}
              </p>
              <p className="break-words whitespace-pre-line">{c.texto}</p>
            </li>
          ))}
        </ul>
      ) : null}

      {open ? (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 border-t pt-3">
          <ClientField id={`${id}-nome`} label="Seu nome" error={errors.nome}>
            <Input
              id={`${id}-nome`}
              value={name}
              onChange={(e) => onName(e.target.value)}
              autoComplete="name"
              maxLength={200}
              aria-invalid={errors.nome ? true : undefined}
              aria-describedby={errors.nome ? `${id}-nome-error` : undefined}
            />
          </ClientField>
          <ClientField id={`${id}-texto`} label="Comentário" error={errors.texto ?? errors.post_id}>
            <Textarea
              id={`${id}-texto`}
              value={text}
              onChange={(e) => setText(e.target.value)}
              rows={3}
              autoFocus
              aria-invalid={errors.texto ? true : undefined}
              aria-describedby={errors.texto ? `${id}-texto-error` : undefined}
            />
          </ClientField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={send.isPending}>
              <Send aria-hidden="true" />
              Enviar comentário
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
              Cancelar
            </Button>
          </div>
        </form>
      ) : (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => setOpen(true)}
        >
          <MessageSquarePlus aria-hidden="true" />
          Comentar
        </Button>
      )}
    </article>
  );
}
