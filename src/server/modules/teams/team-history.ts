import { formatBRL } from "@/domain/money";
import { REQUEST_KIND_REGISTRY, type RequestKind } from "@/domain/requests/kinds";
import type { SignedInContext } from "../../http/request-context";
import { KIND_ASSIGNED_EVENT } from "./kind-handlers";

/** The teams' history is the timeline of subject "equipe" (the people module appends to it too). */
export const TEAM_SUBJECT = "equipe";

/** Who the history names for a change: the administrator, as the account is named. */
export const actorOf = (context: SignedInContext) => ({
  id: context.user.id,
  name: context.user.name || context.user.email,
  email: context.user.email,
});

const kindLabel = (kind: unknown) =>
  typeof kind === "string" && kind in REQUEST_KIND_REGISTRY
    ? REQUEST_KIND_REGISTRY[kind as RequestKind].label
    : String(kind);

/** One line in Portuguese for the team's history. */
export function summarize(type: string, data: Record<string, unknown>): string {
  const list = (value: unknown) => (Array.isArray(value) && value.length ? value.join(", ") : "");
  switch (type) {
    case "equipe_criada":
      return `Equipe criada${list(data.added) ? ` com ${list(data.added)}` : ""}`;
    case "equipe_removida":
      return "Equipe removida";
    case "politica_definida":
      return `Segunda aprovação de ${kindLabel(data.kind)} acima de ${formatBRL(Number(data.thresholdCents))}`;
    case "politica_removida":
      return `Segunda aprovação de ${kindLabel(data.kind)} removida`;
    case KIND_ASSIGNED_EVENT:
      return `Passou a atender ${kindLabel(data.kind)}, que nenhuma equipe atendia`;
    default: {
      const parts: string[] = [];
      if (list(data.added)) parts.push(`Adicionou ${list(data.added)}`);
      if (list(data.removed))
        parts.push(`Removeu ${list(data.removed)}${data.deactivated ? " (conta desativada)" : ""}`);
      const changed = (data.changed ?? {}) as Record<string, unknown>;
      if ("name" in changed) parts.push("Renomeou a equipe");
      if ("kinds" in changed || "departamentos" in changed) parts.push("Mudou o que a equipe atende");
      const secondFactor = changed.secondFactorRequired as { para?: unknown } | undefined;
      if (secondFactor)
        parts.push(
          secondFactor.para
            ? "Passou a exigir verificação em duas etapas dos membros"
            : "Deixou de exigir verificação em duas etapas dos membros",
        );
      return parts.join("; ") || "Equipe alterada";
    }
  }
}
