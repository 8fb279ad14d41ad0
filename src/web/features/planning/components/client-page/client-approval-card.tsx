import { zodResolver } from "@hookform/resolvers/zod";
import { BadgeCheck, Loader2 } from "lucide-react";
import type { Resolver } from "react-hook-form";
import { ClientApproveInputSchema, type PublicPlan, shareMessages } from "@/domain/planning/share-api";
import { FormFields } from "@/web/components/form/form-fields";
import { useSharedField } from "@/web/components/form/shared-field";
import { Button } from "@/web/components/ui/button";
import { ApiRequestError } from "@/web/lib/api-client";
import { formatInstantDateTime } from "@/web/lib/format";
import { useServerForm } from "@/web/lib/use-server-form";
import { useClientApproval } from "../../api/plan-sharing";
import { clientFailedNotice, clientNameField, type Named } from "./client-name";

type Props = {
  token: string;
  plan: PublicPlan;
  name: string;
  onName: (name: string) => void;
  /** The plan changed since the page was opened: read it again. */
  onStale: () => void;
};

/** 'Aprovar planejamento' with the client's name, or who approved it and when. */
export function ClientApprovalCard(props: Props) {
  const { plan } = props;
  if (plan.aprovacao) {
    return (
      <section
        id="aprovacao"
        className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-950 sm:p-6"
        data-testid="aprovado"
      >
        <BadgeCheck className="mt-0.5 size-6 shrink-0 text-emerald-600" aria-hidden="true" />
        <div>
          <h2 className="text-lg font-semibold">Aprovado pelo cliente</h2>
          <p className="text-sm">
            Por {plan.aprovacao.nome} em {formatInstantDateTime(plan.aprovacao.em)}.
          </p>
        </div>
      </section>
    );
  }

  return <ApprovalForm {...props} />;
}

/** The server's own rule for the name; the plan's version is the page's, added when sent. */
const ApprovalFormSchema = ClientApproveInputSchema.pick({ nome: true });
const NAME_FIELDS = [clientNameField("aprovacao-nome")];

function ApprovalForm({ token, plan, name, onName, onStale }: Props) {
  const approve = useClientApproval(token);
  const { form, onSubmit, busy } = useServerForm({
    resolver: zodResolver(ApprovalFormSchema) as unknown as Resolver<Named, unknown, Named>,
    defaults: { nome: name },
    serverFields: ["nome"],
    send: (values) => approve.mutateAsync({ ...values, version: plan.version }),
    isPending: approve.isPending,
    errorNotice: clientFailedNotice,
    // The plan changed since the page was opened: the toast says so, and the page reads it again.
    afterError: (error) => {
      if (error instanceof ApiRequestError && error.code === "PLAN_CONFLICT") onStale();
    },
    successNotice: () => ({
      title: shareMessages.approvedTitle,
      description: shareMessages.approvedDescription,
    }),
  });
  useSharedField(form, "nome", name, onName);

  return (
    <section
      id="aprovacao"
      aria-labelledby="aprovacao-titulo"
      className="rounded-xl border bg-card p-4 shadow-xs sm:p-6"
    >
      <h2 id="aprovacao-titulo" className="text-lg font-semibold">
        Aprovar o planejamento
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Leu tudo e está de acordo? Informe o seu nome e aprove. Se algo precisar mudar, comente o post antes.
      </p>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-busy={busy}
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <div className="sm:w-80">
          <FormFields form={form as never} fields={NAME_FIELDS} idPrefix="aprovacao" />
        </div>
        <Button type="submit" className="sm:mt-[1.375rem]" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <BadgeCheck aria-hidden="true" />}
          {shareMessages.approve}
        </Button>
      </form>
    </section>
  );
}
