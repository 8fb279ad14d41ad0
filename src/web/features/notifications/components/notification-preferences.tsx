import { BellRing, Loader2 } from "lucide-react";
import {
  NOTIFICATION_MODE_LABELS,
  NOTIFICATION_MODES,
  type NotificationMode,
} from "@/domain/notifications/api";
import { Card } from "@/web/components/ui/card";
import { Label } from "@/web/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/web/components/ui/radio-group";
import { notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { usePreferences, useSavePreferences } from "../api/notifications";

const SAVE_FAILED = {
  title: "Erro ao salvar a preferência",
  description: "Não foi possível salvar. Tente novamente.",
};

/**
 * 'Notificações' on 'Minha conta', for members of a team (decision 011): each new
 * request for their teams by e-mail at once, or one summary a day at 8:00.
 * Saved as soon as it is chosen.
 */
export function NotificationPreferencesSection() {
  const preferences = usePreferences();
  const save = useSavePreferences();
  const current = save.isPending ? save.variables?.novasSolicitacoes : preferences.data?.novasSolicitacoes;

  const onChange = (value: string) => {
    if (!NOTIFICATION_MODES.includes(value as NotificationMode) || value === current) return;
    save.mutate(
      { novasSolicitacoes: value as NotificationMode },
      {
        onSuccess: () => notifySuccess("Preferência salva"),
        onError: (error) => toastApiError(error, SAVE_FAILED),
      },
    );
  };

  return (
    <Card className="gap-0 overflow-hidden py-0" aria-labelledby="conta-notificacoes-title" role="region">
      <div className="flex items-start gap-4 border-b px-5 py-5 sm:px-8">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-primary">
          <BellRing className="size-5" aria-hidden="true" />
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="conta-notificacoes-title" className="text-base font-semibold tracking-tight sm:text-lg">
            Notificações
          </h2>
          <p className="text-sm text-muted-foreground">
            Como você quer saber, por email, das novas solicitações para as suas equipes. Decisões e
            comentários nas suas próprias solicitações chegam sempre na hora.
          </p>
        </div>
      </div>
      <div className="px-5 py-5 sm:px-8">
        {preferences.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Carregando...
          </p>
        ) : preferences.isError ? (
          <p className="text-sm text-muted-foreground">Não foi possível carregar a sua preferência.</p>
        ) : (
          <RadioGroup
            value={current}
            onValueChange={onChange}
            aria-label="Novas solicitações para as suas equipes"
            aria-busy={save.isPending}
            className="gap-2"
          >
            {NOTIFICATION_MODES.map((mode) => (
              <Label
                key={mode}
                htmlFor={`notificacoes-${mode}`}
                className="flex cursor-pointer items-center gap-3 rounded-lg border px-4 py-3 font-normal has-data-[state=checked]:border-primary/40 has-data-[state=checked]:bg-brand-soft/60"
              >
                <RadioGroupItem id={`notificacoes-${mode}`} value={mode} disabled={save.isPending} />
                {NOTIFICATION_MODE_LABELS[mode]}
              </Label>
            ))}
          </RadioGroup>
        )}
      </div>
    </Card>
  );
}
