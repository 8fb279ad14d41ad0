import { Loader2, MailWarning } from "lucide-react";
import { authMessages } from "@/domain/messages";
import { Button } from "@/web/components/ui/button";
import { notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useResendConfirmation } from "../api/confirm-email";

/**
 * 'Reenviar e-mail de confirmação' for the address /login was answered 'Email não confirmado'
 * (pending sign-ups, decision 009); downloaded only then (docs/decisions/025).
 */
export default function ResendConfirmation({ email }: { email: string }) {
  const resend = useResendConfirmation();
  const onResend = () => {
    if (resend.isPending) return;
    resend.mutate(
      { email },
      {
        onSuccess: () =>
          notifySuccess(authMessages.confirmationResent.title, {
            description: authMessages.confirmationResent.description,
          }),
        onError: (error) => toastApiError(error, authMessages.resendFailed),
      },
    );
  };
  return (
    <div
      className="flex flex-col gap-3 rounded-md border border-primary/15 bg-brand-soft px-3 py-3 text-sm text-accent-foreground"
      data-testid="resend-confirmation"
    >
      <p className="flex gap-2.5">
        <MailWarning className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <span>Confirme seu email pelo link que enviamos. Não encontrou o email? Peça um novo link.</span>
      </p>
      <Button
        type="button"
        variant="outline"
        className="w-full"
        onClick={onResend}
        disabled={resend.isPending}
      >
        {resend.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        Reenviar e-mail de confirmação
      </Button>
    </div>
  );
}
