import { httpMessages } from "@/domain/messages";
import { teamMessages } from "@/domain/teams/team";
import { AppError } from "../../http/errors";

export function fieldError(field: string, message: string) {
  return new AppError(
    400,
    "VALIDATION",
    { title: httpMessages.badRequest, description: message },
    { [field]: message },
  );
}

export const policyTeam = () => new AppError(409, "POLICY_TEAM", teamMessages.cannotDeletePolicyTeam);

/**
 * A team still needed for a second approval (a policy names it, or requests
 * await it) is kept by its foreign keys (ON DELETE RESTRICT: 23001, or 23503);
 * the administrator hears which.
 */
export function teamInUse(err: unknown): AppError | null {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code !== "23001" && code !== "23503") continue;
    return constraint?.startsWith("approval_policies")
      ? policyTeam()
      : new AppError(409, "APPROVAL_AWAITED", teamMessages.cannotDeleteAwaitedTeam);
  }
  return null;
}

export function nameTaken() {
  const m = teamMessages.nameTaken;
  return new AppError(409, "TEAM_NAME_TAKEN", m, { name: m.description });
}
