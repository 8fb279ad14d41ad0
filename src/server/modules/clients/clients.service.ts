import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Client, ClientInputSchema, clientMessages } from "@/domain/planning/client.schema";
import type { CurrentUser } from "../../auth/auth.plugin";
import type { Db } from "../../db/client";
import { clients } from "../../db/schema";
import { AppError, notFound } from "../../http/errors";
import { decodeKeyset, encodeKeyset } from "../../http/keyset-cursor";
import { validate } from "../../http/validate";

type Caller = { user: CurrentUser; log: FastifyBaseLogger };

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

type ClientRow = Omit<Client, "created_at" | "market_type"> & {
  market_type: string | null;
  created_at: Date;
};

function toFields(body: unknown) {
  const input = validate(ClientInputSchema, body);
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

function toClient(row: ClientRow): Client {
  return {
    ...row,
    market_type: row.market_type as Client["market_type"],
    created_at: row.created_at.toISOString(),
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
const NAME_MAX_CHARS = 200;

/**
 * The unique index on lower(name) is the one authority on "taken" (two saves at
 * once cannot both pass it). Drizzle wraps the driver's error, and PGlite and
 * node-postgres wrap it differently, so the whole cause chain is looked at.
 */
function isNameTaken(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505" && (constraint === undefined || constraint === "clients_name_lower_key"))
      return true;
  }
  return false;
}

function nameTaken() {
  return new AppError(
    409,
    "CLIENT_NAME_TAKEN",
    { title: clientMessages.nameTaken },
    {
      name: clientMessages.nameTaken,
    },
  );
}

export function createClientsService(deps: { db: Db }) {
  const { db } = deps;

  /**
   * A page of clients by name (spec §7 clients: ordered by name), and where the
   * next page starts: after the last one's name and id.
   */
  async function list(options: {
    limit: number;
    cursor?: string | undefined;
  }): Promise<{ items: Client[]; nextCursor: string | null }> {
    const after = decodeKeyset(options.cursor, (name) => name.length > 0 && name.length <= NAME_MAX_CHARS);
    const rows = await db
      .select(clientColumns)
      .from(clients)
      .where(
        after
          ? sql`(${byName}, ${clients.id}) > (${after.key}::text collate "und-x-icu", ${after.id}::uuid)`
          : undefined,
      )
      .orderBy(byName, clients.id)
      .limit(options.limit + 1);
    const page = rows.slice(0, options.limit);
    const last = page.at(-1);
    return {
      items: page.map(toClient),
      nextCursor: rows.length > options.limit && last ? encodeKeyset(last.name, last.id) : null,
    };
  }

  async function create(caller: Caller, body: unknown): Promise<Client> {
    const fields = toFields(body);
    let row: ClientRow | undefined;
    try {
      [row] = await db.insert(clients).values(fields).returning(clientColumns);
    } catch (err) {
      if (isNameTaken(err)) throw nameTaken();
      throw err;
    }
    caller.log.info({ clientId: row!.id }, "client created");
    return toClient(row!);
  }

  async function update(caller: Caller, id: string, body: unknown): Promise<Client> {
    const fields = toFields(body);
    let row: ClientRow | undefined;
    try {
      [row] = await db
        .update(clients)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(clients.id, id))
        .returning(clientColumns);
    } catch (err) {
      if (isNameTaken(err)) throw nameTaken();
      throw err;
    }
    if (!row) throw notFound();
    caller.log.info({ clientId: id }, "client updated");
    return toClient(row);
  }

  return { list, create, update };
}

export type ClientsService = ReturnType<typeof createClientsService>;
