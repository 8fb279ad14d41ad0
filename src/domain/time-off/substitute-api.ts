import { z } from "zod";

/*
 * 'Substituto' on 'Minha conta' (docs/decisions/060): who takes a reviewer's requests while the
 * reviewer is away. Chosen among the members of the reviewer's own teams.
 */

export const substituteMessages = {
  notAMember: "Só quem faz parte de uma equipe escolhe um substituto.",
  notACandidate: "Escolha alguém das suas equipes.",
  saved: "Substituto salvo",
  cleared: "Sem substituto",
} as const;

const PersonRefSchema = z.object({ id: z.string(), nome: z.string() });

export const SubstituteSchema = z.object({
  substituto: PersonRefSchema.nullable(),
  /** The members of the reviewer's teams with an account, the reviewer aside, by name. */
  candidatos: z.array(PersonRefSchema),
});
export type Substitute = z.infer<typeof SubstituteSchema>;

export const SubstituteInputSchema = z.object({
  substitutoId: z
    .string({ error: substituteMessages.notACandidate })
    .trim()
    .min(1, substituteMessages.notACandidate)
    .max(200, substituteMessages.notACandidate)
    .nullable(),
});
export type SubstituteInput = z.infer<typeof SubstituteInputSchema>;

/** The name a substitute's moves are signed with on the timeline: 'Ana (substituindo Bruno)'. */
export function substitutingName(substitute: string, away: string): string {
  return `${substitute} (substituindo ${away})`;
}
