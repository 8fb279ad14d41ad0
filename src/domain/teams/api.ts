import { z } from "zod";
import { REQUEST_KINDS } from "../requests/kinds";

/* The HTTP contract of 'Equipes e permissões' (decision 011), shared by the server's routes and the web. */

export const TeamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kinds: z.array(z.string()),
  departamentos: z.array(z.string()),
  area: z.enum(["vagas", "planejamento"]).nullable(),
  /** Made at the first start: it can be changed but not removed. */
  builtIn: z.boolean(),
  members: z.array(z.string()),
  /** Members by configuration (VAGAS_MANAGERS, PLANNING_MANAGERS): shown, not editable here. */
  configMembers: z.array(z.string()),
  /** Its members must have a second factor (docs/decisions/055). */
  secondFactorRequired: z.boolean(),
});
export type Team = z.infer<typeof TeamSchema>;

export const ApprovalPolicySchema = z.object({
  kind: z.enum(REQUEST_KINDS),
  thresholdCents: z.number().int(),
  teamId: z.uuid(),
  teamName: z.string(),
});
export type ApprovalPolicy = z.infer<typeof ApprovalPolicySchema>;

export const TeamsPageSchema = z.object({
  teams: z.array(TeamSchema),
  policies: z.array(ApprovalPolicySchema),
  /** Who administers (ADMIN_EMAILS): shown so everyone knows whom to ask. */
  admins: z.array(z.string()),
  /** REQUIRE_SECOND_FACTOR: whether administrators and the teams marked are made to have one. */
  secondFactorEnforced: z.boolean(),
});
export type TeamsPage = z.infer<typeof TeamsPageSchema>;

export const TeamParamsSchema = z.object({ id: z.uuid() });
export const PolicyParamsSchema = z.object({ tipo: z.enum(REQUEST_KINDS) });

/** One entry of a team's history (its audit trail). */
export const TeamEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorName: z.string(),
  type: z.string(),
  summary: z.string(),
});
export type TeamEvent = z.infer<typeof TeamEventSchema>;

/** `GET /api/admin/equipes/:id/historico`: the team's audit trail, oldest first. */
export const TeamHistorySchema = z.object({ items: z.array(TeamEventSchema) });
export type TeamHistory = z.infer<typeof TeamHistorySchema>;
