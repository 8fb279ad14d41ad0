import { z } from "zod";
import { TeamInputSchema, teamMessages } from "@/domain/teams/team";

/** One member's address, as the team's schema reads it (lower case, one mailbox). */
export const memberEmailSchema = TeamInputSchema.shape.members.unwrap().element;

/** The team form's values: the team, and the address typed in 'Adicionar membro' and not yet added. */
export type TeamFormValues = {
  name: string;
  kinds: string[];
  departamentos: string[];
  members: string[];
  newMember: string;
  secondFactorRequired: boolean;
};

/**
 * The team's schema (TeamInputSchema, the server's), plus the address typed and
 * not yet added: it goes in too, since that is what the person meant, unless it
 * is no address.
 */
export const TeamFormSchema = TeamInputSchema.extend({
  newMember: z
    .string()
    .refine(
      (typed) => !typed.trim() || memberEmailSchema.safeParse(typed).success,
      teamMessages.memberInvalid,
    ),
}).transform(({ newMember, ...team }) => {
  const typed = newMember.trim() ? memberEmailSchema.parse(newMember) : null;
  return typed && !team.members.includes(typed)
    ? { ...team, members: [...team.members, typed].sort() }
    : team;
});

/** The fields in screen order: the first the schema or the server refuses gets the focus. */
export const TEAM_FORM_FIELDS = [
  "name",
  "kinds",
  "departamentos",
  "members",
  "newMember",
  "secondFactorRequired",
] as const;
