import { Loader2, UserRoundCheck } from "lucide-react";
import { substituteMessages } from "@/domain/time-off/substitute-api";
import { FormItem } from "@/web/components/form/form-item";
import { OptionSelect } from "@/web/components/form/option-select";
import { notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useSaveSubstitute, useSubstitute } from "../api/substitute";
import { AccountSection } from "./account-section";

const NONE = "nenhum";
const SAVE_FAILED = {
  title: "Erro ao salvar o substituto",
  description: "Não foi possível salvar. Tente novamente.",
};

/**
 * 'Substituto' on 'Minha conta', for members of a team (docs/decisions/060): who takes the requests
 * this reviewer took while they are away on an approved absence. Saved as soon as it is chosen.
 */
export function SubstituteSection() {
  const substitute = useSubstitute();
  const save = useSaveSubstitute();
  const saved = substitute.data?.substituto?.id ?? NONE;
  const current = save.isPending ? (save.variables?.substitutoId ?? NONE) : saved;
  const options = [
    { value: NONE, label: "Sem substituto (as solicitações voltam para a fila)" },
    ...(substitute.data?.candidatos ?? []).map((c) => ({ value: c.id, label: c.nome })),
  ];

  const onChange = (value: string) => {
    if (value === current) return;
    save.mutate(
      { substitutoId: value === NONE ? null : value },
      {
        onSuccess: (result) =>
          notifySuccess(result.substituto ? substituteMessages.saved : substituteMessages.cleared),
        onError: (error) => toastApiError(error, SAVE_FAILED),
      },
    );
  };

  return (
    <AccountSection
      id="conta-substituto"
      icon={UserRoundCheck}
      title="Substituto"
      description="Enquanto você estiver ausente (uma ausência aprovada), as solicitações que você assumiu passam para quem você escolher aqui, de uma das suas equipes."
    >
      <div className="px-5 py-5 sm:px-8">
        {substitute.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Carregando...
          </p>
        ) : substitute.isError ? (
          <p className="text-sm text-muted-foreground">Não foi possível carregar o seu substituto.</p>
        ) : (
          <FormItem id="conta-substituto-escolha" label="Quem substitui você">
            {(controlProps) => (
              <OptionSelect
                {...controlProps}
                options={options}
                value={current}
                onChange={onChange}
                placeholder="Escolha alguém"
                disabled={save.isPending}
              />
            )}
          </FormItem>
        )}
      </div>
    </AccountSection>
  );
}
