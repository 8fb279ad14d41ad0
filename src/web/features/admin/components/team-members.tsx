import { Plus, X } from "lucide-react";
import type * as React from "react";
import { type UseFormReturn, useFormState, useWatch } from "react-hook-form";
import type { Team } from "@/domain/teams/api";
import { teamMessages } from "@/domain/teams/team";
import { FormItem } from "@/web/components/form/form-item";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { ConfigMemberChip } from "./config-member";
import { memberEmailSchema, type TeamFormValues } from "./team-form-schema";

type Form = UseFormReturn<TeamFormValues, unknown, unknown>;

/** The address typed in 'Adicionar membro' goes in the list, or its field says why not. */
export function addTypedMember(form: Form): void {
  const parsed = memberEmailSchema.safeParse(form.getValues("newMember"));
  if (!parsed.success) {
    form.setError("newMember", { type: "validate", message: teamMessages.memberInvalid });
    return;
  }
  const members = form.getValues("members");
  if (!members.includes(parsed.data)) {
    form.setValue("members", [...members, parsed.data].sort(), { shouldDirty: true });
  }
  form.clearErrors(["members", "newMember"]);
  form.setValue("newMember", "");
}

/**
 * 'Adicionar membro' and the team's members: those by configuration shown,
 * not editable; the others each with 'Remover'. People who have not signed up
 * yet can be members already.
 */
export function TeamMembers({
  form,
  team,
  idPrefix,
  busy,
}: {
  form: Form;
  team: Team | null;
  idPrefix: string;
  busy: boolean;
}) {
  const members = useWatch({ control: form.control, name: "members" });
  const { errors } = useFormState({ control: form.control, name: ["members", "newMember"] });
  const configMembers = team?.configMembers ?? [];
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    addTypedMember(form);
  };
  const remove = (email: string) => {
    form.setValue(
      "members",
      form.getValues("members").filter((m) => m !== email),
      { shouldDirty: true },
    );
    form.clearErrors("members");
  };

  return (
    <div className="grid min-w-0 gap-3 sm:col-span-2">
      <FormItem
        id={`${idPrefix}-novo-membro`}
        label="Adicionar membro"
        hint="Email da empresa. Quem ainda não se cadastrou já fica na equipe ao entrar."
        error={errors.newMember?.message ?? errors.members?.message}
      >
        {(controlProps) => (
          <div className="flex gap-2">
            <Input
              {...controlProps}
              type="email"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              autoComplete="off"
              placeholder="colega@empresa.com.br"
              onKeyDown={onKeyDown}
              {...form.register("newMember", { onChange: () => form.clearErrors("newMember") })}
            />
            <Button type="button" variant="outline" onClick={() => addTypedMember(form)} disabled={busy}>
              <Plus aria-hidden="true" />
              Adicionar
            </Button>
          </div>
        )}
      </FormItem>

      <div className="grid gap-2">
        <p className="text-sm font-medium" id={`${idPrefix}-membros`}>
          {`Membros (${members.length + configMembers.length})`}
        </p>
        {members.length === 0 && !configMembers.length ? (
          <p className="text-sm text-muted-foreground">Nenhum membro ainda.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-labelledby={`${idPrefix}-membros`}>
            {configMembers.map((email) => (
              <ConfigMemberChip key={`config-${email}`} email={email} />
            ))}
            {members.map((email) => (
              <li
                key={email}
                className="flex max-w-full items-center gap-1 rounded-full border bg-card py-0.5 pr-0.5 pl-3 text-sm"
              >
                <span className="truncate">{email}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-7 rounded-full text-muted-foreground hover:text-destructive"
                  aria-label={`Remover ${email}`}
                  onClick={() => remove(email)}
                  disabled={busy}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
