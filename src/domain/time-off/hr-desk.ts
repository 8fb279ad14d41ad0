import type { RequestKind } from "../requests/kinds";

/*
 * Who is RH (docs/decisions/060): the members of a team that handles 'Ausência', as Finance is
 * whoever handles a paid kind (src/domain/finance/finance-desk.ts), and the administrators.
 */

const ABSENCE: RequestKind = "ausencia";

type Member = {
  readonly teams: readonly { readonly kinds: readonly string[] }[];
  readonly access?: { readonly admin?: boolean };
};

export function isHrDesk(person: Member): boolean {
  return Boolean(person.access?.admin) || person.teams.some((team) => team.kinds.includes(ABSENCE));
}
