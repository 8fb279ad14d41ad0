import type { Access } from "@/domain/auth/auth.schema";

export type AllowLists = { jobOpeningManagers: readonly string[]; planningManagers: readonly string[] };

/** Spec §6: allow-listed e-mails, compared case-insensitively (the lists are lower-cased at start). */
export function accessFor(email: string, lists: AllowLists): Access {
  const normalized = email.trim().toLowerCase();
  return {
    vagas: lists.jobOpeningManagers.includes(normalized),
    planejamento: lists.planningManagers.includes(normalized),
  };
}
