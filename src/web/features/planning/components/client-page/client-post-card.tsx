import { zodResolver } from "@hookform/resolvers/zod";
import { MessageSquarePlus, Send } from "lucide-react";
import { useId, useState } from "react";
import type { Resolver, UseFormReturn } from "react-hook-form";
import { ClientCommentInputSchema, type PublicPost, shareMessages } from "@/domain/planning/share-api";
import { type FieldSpec, FormFields } from "@/web/components/form/form-fields";
import { useSharedField } from "@/web/components/form/shared-field";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { formatInstantDateTime } from "@/web/lib/format";
import { useServerForm } from "@/web/lib/use-server-form";
import { useClientComment } from "../../api/plan-sharing";
import { clientFailedNotice, clientNameField, type Named } from "./client-name";

type CommentValues = Named & { texto: string };

/** The server's own rule for the name and the text; the post's id is the card's, added when sent. */
const CommentFormSchema = ClientCommentInputSchema.pick({ nome: true, texto: true });

/** The comment's fields; the server's refusal of the post's id is said under the text. */
const serverField = (name: string): keyof CommentValues | null =>
  name === "post_id" ? "texto" : name === "nome" || name === "texto" ? name : null;

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
  const [open, setOpen] = useState(false);
  const send = useClientComment(token);
  // Held by the card, not the open form: a comment closed with 'Cancelar' is there when reopened.
  const { form, onSubmit, busy } = useServerForm({
    resolver: zodResolver(CommentFormSchema) as unknown as Resolver<CommentValues, unknown, CommentValues>,
    defaults: { nome: name, texto: "" },
    serverFields: serverField,
    send: (values) => send.mutateAsync({ post_id: post.id, ...values }),
    isPending: send.isPending,
    errorNotice: clientFailedNotice,
    successNotice: () => ({ title: shareMessages.commentSent }),
    onSuccess: () => {
      form.resetField("texto");
      setOpen(false);
    },
  });
  useSharedField(form, "nome", name, onName);

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
        <CommentForm form={form} onSubmit={onSubmit} busy={busy} onCancel={() => setOpen(false)} />
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

/** 'Seu nome' and 'Comentário', under the post. */
function CommentForm(props: {
  form: UseFormReturn<CommentValues, unknown, CommentValues>;
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  busy: boolean;
  onCancel: () => void;
}) {
  const id = useId();
  const fields: FieldSpec<CommentValues>[] = [
    clientNameField(`${id}-nome`),
    {
      type: "textarea",
      name: "texto",
      id: `${id}-texto`,
      label: "Comentário",
      rows: 3,
      attrs: { autoFocus: true },
    },
  ];
  return (
    <form
      onSubmit={props.onSubmit}
      noValidate
      aria-busy={props.busy}
      className="flex flex-col gap-3 border-t pt-3"
    >
      <FormFields form={props.form as never} fields={fields} idPrefix="comentario" />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={props.busy}>
          <Send aria-hidden="true" />
          Enviar comentário
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={props.onCancel}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
