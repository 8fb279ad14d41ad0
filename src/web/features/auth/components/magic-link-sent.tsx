import { ArrowLeft, MailCheck } from "lucide-react";
import { Button } from "@/web/components/ui/button";

/** Spec §2 /login: what the screen shows after a magic link is sent. */
export function MagicLinkSent({ email, onBack }: { email: string; onBack: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 text-center" data-testid="magic-link-sent">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-soft text-primary">
        <MailCheck className="size-6" aria-hidden="true" />
      </span>
      <h2 className="text-lg font-semibold tracking-tight">Verifique seu email</h2>
      <p className="text-sm break-words text-foreground">{`Enviamos um link de acesso para ${email}`}</p>
      <p className="text-sm text-muted-foreground">
        Abra sua caixa de entrada e clique no link para entrar. Se não encontrar o email, confira também a
        pasta de spam.
      </p>
      <Button variant="outline" className="mt-2 w-full" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        Voltar para o login
      </Button>
    </div>
  );
}
