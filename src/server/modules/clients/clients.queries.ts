import { eq, sql } from "drizzle-orm";
import type { Client } from "@/domain/planning/api";
import type { ClientInput } from "@/domain/planning/client.schema";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { clients } from "../../db/schema";

/** The spec's shape of a client (§3), column for column. */
const clientColumns = {
  id: clients.id,
  name: clients.name,
  segment: clients.segment,
  market_type: clients.marketType,
  voice_tone: clients.voiceTone,
  persona_brief: clients.personaBrief,
  notes: clients.notes,
  website: clients.website,
  instagram_url: clients.instagramUrl,
  facebook_url: clients.facebookUrl,
  linkedin_url: clients.linkedinUrl,
  youtube_url: clients.youtubeUrl,
  created_at: clients.createdAt,
};

export type ClientRow = Omit<Client, "created_at" | "market_type"> & {
  market_type: string | null;
  created_at: Date;
};

function toColumns(input: ClientInput) {
  return {
    name: input.name,
    segment: input.segment,
    marketType: input.market_type,
    voiceTone: input.voice_tone,
    personaBrief: input.persona_brief,
    notes: input.notes,
    website: input.website,
    instagramUrl: input.instagram_url,
    facebookUrl: input.facebook_url,
    linkedinUrl: input.linkedin_url,
    youtubeUrl: input.youtube_url,
  };
}

/*
 * Both databases here collate names byte-wise ('C'), which would put 'Ótica'
 * after 'Zeta'; people look a client up alphabetically as they read it, so
 * names sort by ICU's root collation ("und-x-icu", on PGlite and PostgreSQL
 * alike): accents and case count only between otherwise equal names, the
 * order Intl.Collator("pt-BR") gives. The database sorts, so pages follow on.
 */
const byName = sql`${clients.name} collate "und-x-icu"`;

/** The unique index on lower(name) is the one authority on "taken" (two saves at once cannot both pass it). */
export function isNameTaken(err: unknown): boolean {
  return isUniqueViolation(err, "clients_name_lower_key");
}

/** Up to `limit + 1` clients by name after `after` (name, then id): the extra one says a next page exists. */
export async function listClientsAfter(
  db: Db,
  after: { key: string; id: string } | null,
  limit: number,
): Promise<ClientRow[]> {
  return db
    .select(clientColumns)
    .from(clients)
    .where(
      after
        ? sql`(${byName}, ${clients.id}) > (${after.key}::text collate "und-x-icu", ${after.id}::uuid)`
        : undefined,
    )
    .orderBy(byName, clients.id)
    .limit(limit + 1);
}

export async function insertClient(db: Db, input: ClientInput): Promise<ClientRow | undefined> {
  const [row] = await db.insert(clients).values(toColumns(input)).returning(clientColumns);
  return row;
}

/** The client as saved, or undefined when there is none with this id. */
export async function updateClient(db: Db, id: string, input: ClientInput): Promise<ClientRow | undefined> {
  const [row] = await db
    .update(clients)
    .set({ ...toColumns(input), updatedAt: sql`now()` })
    .where(eq(clients.id, id))
    .returning(clientColumns);
  return row;
}
