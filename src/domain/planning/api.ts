import { z } from "zod";
import { MARKET_TYPES } from "./options";

/*
 * The HTTP contract of the planning area (issue 10): clients and content
 * plans. The server's routes declare these schemas and the web infers its
 * types from them, so an answer is shaped in one place. Inputs are the form
 * schemas (client.schema.ts, plan-request.schema.ts, plan-content.schema.ts);
 * these are what the API answers.
 */

/** A keyset page query: `limit` items after `cursor` (the `nextCursor` of the page before). */
export const pageQuerySchema = (defaultLimit: number, cursorMax = 200) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(100).default(defaultLimit),
    cursor: z.string().max(cursorMax).optional(),
  });

export const IdParamsSchema = z.object({ id: z.uuid() });

// --- Clients -----------------------------------------------------------------

/** A client as the API returns it (spec §3 Client). */
export const ClientSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  segment: z.string().nullable(),
  market_type: z.enum(MARKET_TYPES).nullable(),
  voice_tone: z.string().nullable(),
  persona_brief: z.string().nullable(),
  notes: z.string().nullable(),
  website: z.string().nullable(),
  instagram_url: z.string().nullable(),
  facebook_url: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  youtube_url: z.string().nullable(),
  created_at: z.string(),
});
export type Client = z.infer<typeof ClientSchema>;

/** A screenful of cards and some; 'Carregar mais clientes' brings the next page. */
export const CLIENTS_PAGE_SIZE = 30;
export const ClientListQuerySchema = pageQuerySchema(CLIENTS_PAGE_SIZE, 1000);

/** `GET /api/clients`: one keyset page, by name. */
export const ClientsPageSchema = z.object({
  items: z.array(ClientSchema),
  nextCursor: z.string().nullable(),
});
export type ClientsPage = z.infer<typeof ClientsPageSchema>;
