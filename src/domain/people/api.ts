import { z } from "zod";

/*
 * 'Pessoas' (docs/decisions/048): the accounts administrators see, switch off when someone leaves
 * the agency, and switch on again. The HTTP contract shared by the server's routes and the web.
 */

export const PersonSchema = z.object({
  id: z.string(),
  email: z.string(),
  nome: z.string(),
  /** The teams' names, by membership in the database (configuration's areas are not listed). */
  equipes: z.array(z.string()),
  /** The last session created, whatever the way in (ISO), or null: never signed in. */
  ultimoAcesso: z.string().nullable(),
  situacao: z.enum(["ativa", "desativada"]),
  desativadaEm: z.string().nullable(),
  /** An administrator by ADMIN_EMAILS: cannot be switched off from the page. */
  administrador: z.boolean(),
  /** 'Data de admissão' RH recorded for the address (docs/decisions/060), or null. */
  dataAdmissao: z.string().nullable(),
});
export type PersonAccount = z.infer<typeof PersonSchema>;

export const PeopleQuerySchema = z.object({
  busca: z.string().trim().max(200, { error: "Busca muito longa" }).optional(),
});

export const PeopleListSchema = z.object({ pessoas: z.array(PersonSchema) });
export type PeopleList = z.infer<typeof PeopleListSchema>;

export const PersonParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const peopleMessages = {
  adminFromConfig: {
    title: "Não é possível desativar esta conta",
    description: "Administradores definidos em ADMIN_EMAILS não podem ser desativados por aqui.",
  },
  notYourself: {
    title: "Não é possível desativar esta conta",
    description: "Você não pode desativar a sua própria conta.",
  },
} as const;
