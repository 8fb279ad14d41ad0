import { Loader2, Lock, Plus, X } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { REQUEST_TYPE_LABELS } from "@/domain/requests/kinds";
import { SUPPORT_DEPARTMENT_OPTIONS } from "@/domain/requests/options";
import type { Team } from "@/domain/teams/api";
import { DIRECT_KINDS, TeamInputSchema, teamMessages } from "@/domain/teams/team";
import { FormItem } from "@/web/components/form/form-item";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifyError, notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useSaveTeam } from "../api/teams";
import { AREA_LABELS, CONFIG_MEMBER_LABEL } from "./labels";

type Values = { name: string; kinds: string[]; departamentos: string[]; members: string[] };
type Field = keyof Values;
const FIELDS: readonly Field[] = ["name", "kinds", "departamentos", "members"];

const SAVE_FAILED = { title: "Erro ao salvar a equipe", description: "Ocorreu um erro. Tente novamente." };
const memberEmailSchema = TeamInputSchema.shape.members.unwrap().element;

function CheckboxGroup({
  legend,
  hint,
  options,
  value,
  onChange,
  error,
  name,
}: {
  legend: string;
  hint?: string;
  options: readonly { value: string; label: string }[];
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
  name: string;
}) {
  const errorId = error ? `${name}-error` : undefined;
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={errorId}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {hint ? <p className="-mt-1 text-xs text-muted-foreground">{hint}</p> : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const checked = value.includes(option.value);
          return (
            <label
              key={option.value}
              className="flex min-h-10 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm has-checked:border-primary/40 has-checked:bg-brand-soft/60"
            >
              <input
                type="checkbox"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() =>
                  onChange(checked ? value.filter((v) => v !== option.value) : [...value, option.value])
                }
                className="size-4 shrink-0 accent-primary"
              />
              {option.label}
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Creates or changes a team: its name, what it handles (request kinds, and for
 * support tickets the departments) and its members by company e-mail, people
 * who have not signed up yet included. Members by configuration are shown, not
 * editable. The whole team is saved at once (the server replaces the members).
 */
export function TeamForm({ team, onDone }: { team: Team | null; onDone: () => void }) {
  const save = useSaveTeam();
  const [newMember, setNewMember] = useState("");
  const [newMemberError, setNewMemberError] = useState<string | undefined>();
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    getValues,
    setValue,
    watch,
    formState: { errors },
  } = useForm<Values>({
    defaultValues: {
      name: team?.name ?? "",
      kinds: team?.kinds ?? [],
      departamentos: team?.departamentos ?? [],
      members: team?.members ?? [],
    },
  });
  const members = watch("members");
  const idPrefix = team ? `equipe-${team.id}` : "equipe-nova";

  const addMember = () => {
    const parsed = memberEmailSchema.safeParse(newMember);
    if (!parsed.success) {
      setNewMemberError(teamMessages.memberInvalid);
      return;
    }
    const email = parsed.data;
    if (!getValues("members").includes(email)) {
      setValue("members", [...getValues("members"), email].sort(), { shouldDirty: true });
    }
    clearErrors("members");
    setNewMember("");
    setNewMemberError(undefined);
  };

  const removeMember = (email: string) => {
    setValue(
      "members",
      getValues("members").filter((m) => m !== email),
      { shouldDirty: true },
    );
    clearErrors("members");
  };

  const showFieldErrors = (fields: Partial<Record<string, string>>) => {
    const first = FIELDS.find((field) => fields[field]);
    for (const field of FIELDS) {
      const message = fields[field];
      if (message) setError(field, { type: "server", message }, { shouldFocus: field === first });
    }
    return first;
  };

  const onSubmit = handleSubmit((values) => {
    // A typed address not yet added goes in too: that is what the person meant.
    let input = values;
    if (newMember.trim()) {
      const parsed = memberEmailSchema.safeParse(newMember);
      if (!parsed.success) {
        setNewMemberError(teamMessages.memberInvalid);
        notifyError(SAVE_FAILED.title, { description: teamMessages.memberInvalid });
        return;
      }
      input = { ...values, members: [...new Set([...values.members, parsed.data])].sort() };
      setValue("members", input.members);
      setNewMember("");
    }
    const checked = TeamInputSchema.safeParse(input);
    if (!checked.success) {
      const fields: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const key = String(issue.path[0] ?? "");
        fields[key] ??= issue.message;
      }
      const first = showFieldErrors(fields);
      notifyError(SAVE_FAILED.title, { description: first ? fields[first] : undefined });
      return;
    }
    save.mutate(
      { id: team?.id ?? null, input: checked.data },
      {
        onSuccess: () => {
          notifySuccess(teamMessages.saved.title);
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.body.fields) showFieldErrors(error.body.fields);
          toastApiError(error, SAVE_FAILED);
        },
      },
    );
  });

  const busy = save.isPending;
  const support = REQUEST_TYPE_LABELS.suporte;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6" aria-busy={busy}>
      <FormItem id={`${idPrefix}-nome`} label="Nome da equipe" required error={errors.name?.message}>
        {(controlProps) => (
          <Input {...controlProps} autoComplete="off" maxLength={80} {...register("name")} />
        )}
      </FormItem>

      {team?.area ? (
        <p className="rounded-md border border-primary/15 bg-brand-soft px-3 py-2.5 text-sm text-accent-foreground">
          {`Os membros desta equipe também acessam ${AREA_LABELS[team.area]}.`}
        </p>
      ) : null}

      <Controller
        control={control}
        name="kinds"
        render={({ field }) => (
          <CheckboxGroup
            name={`${idPrefix}-tipos`}
            legend="Tipos de solicitação que atende"
            options={DIRECT_KINDS.map((kind) => ({ value: kind, label: REQUEST_TYPE_LABELS[kind] }))}
            value={field.value}
            onChange={field.onChange}
            error={errors.kinds?.message}
          />
        )}
      />

      <Controller
        control={control}
        name="departamentos"
        render={({ field }) => (
          <CheckboxGroup
            name={`${idPrefix}-departamentos`}
            legend={`${support}: departamentos que atende`}
            hint="Os chamados de suporte vão para as equipes do departamento escolhido no formulário."
            options={SUPPORT_DEPARTMENT_OPTIONS}
            value={field.value}
            onChange={field.onChange}
            error={errors.departamentos?.message}
          />
        )}
      />

      <div className="grid min-w-0 gap-3">
        <FormItem
          id={`${idPrefix}-novo-membro`}
          label="Adicionar membro"
          hint="Email da empresa. Quem ainda não se cadastrou já fica na equipe ao entrar."
          error={newMemberError ?? errors.members?.message}
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
                value={newMember}
                onChange={(event) => {
                  setNewMember(event.target.value);
                  setNewMemberError(undefined);
                }}
                onKeyDown={(event) => {
                  if (event.key === "Enter") {
                    event.preventDefault();
                    addMember();
                  }
                }}
              />
              <Button type="button" variant="outline" onClick={addMember} disabled={busy}>
                <Plus aria-hidden="true" />
                Adicionar
              </Button>
            </div>
          )}
        </FormItem>

        <div className="grid gap-2">
          <p className="text-sm font-medium" id={`${idPrefix}-membros`}>
            {`Membros (${members.length + (team?.configMembers.length ?? 0)})`}
          </p>
          {members.length === 0 && !team?.configMembers.length ? (
            <p className="text-sm text-muted-foreground">Nenhum membro ainda.</p>
          ) : (
            <ul className="flex flex-wrap gap-2" aria-labelledby={`${idPrefix}-membros`}>
              {team?.configMembers.map((email) => (
                <li
                  key={`config-${email}`}
                  className="flex max-w-full flex-wrap items-center gap-x-1.5 rounded-2xl border bg-muted px-3 py-1 text-sm text-muted-foreground"
                  title={CONFIG_MEMBER_LABEL}
                >
                  <Lock className="size-3.5 shrink-0" aria-hidden="true" />
                  <span className="min-w-0 break-all">{email}</span>
                  <span className="text-xs">· {CONFIG_MEMBER_LABEL}</span>
                </li>
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
                    onClick={() => removeMember(email)}
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

      <div className="flex flex-col-reverse gap-3 border-t pt-5 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {busy ? "Salvando..." : team ? "Salvar equipe" : "Criar equipe"}
        </Button>
      </div>
    </form>
  );
}
