import type { Client, ClientsPage } from "@/domain/planning/api";
import { type ClientInput, clientMessages } from "@/domain/planning/client.schema";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../http/errors";
import { decodeKeyset, encodeKeyset } from "../../http/keyset-cursor";
import type { SignedInContext } from "../../http/request-context";
import { type ClientRow, insertClient, isNameTaken, listClientsAfter, updateClient } from "./clients.queries";

function toClient(row: ClientRow): Client {
  return {
    ...row,
    market_type: row.market_type as Client["market_type"],
    created_at: row.created_at.toISOString(),
  };
}

const NAME_MAX_CHARS = 200;

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
  async function list(options: { limit: number; cursor?: string | undefined }): Promise<ClientsPage> {
    const after = decodeKeyset(options.cursor, (name) => name.length > 0 && name.length <= NAME_MAX_CHARS);
    const rows = await listClientsAfter(db, after, options.limit);
    const page = rows.slice(0, options.limit);
    const last = page.at(-1);
    return {
      items: page.map(toClient),
      nextCursor: rows.length > options.limit && last ? encodeKeyset(last.name, last.id) : null,
    };
  }

  async function create(context: SignedInContext, input: ClientInput): Promise<Client> {
    let row: ClientRow | undefined;
    try {
      row = await insertClient(db, input);
    } catch (err) {
      if (isNameTaken(err)) throw nameTaken();
      throw err;
    }
    context.log.info({ clientId: row!.id }, "client created");
    return toClient(row!);
  }

  async function update(context: SignedInContext, id: string, input: ClientInput): Promise<Client> {
    let row: ClientRow | undefined;
    try {
      row = await updateClient(db, id, input);
    } catch (err) {
      if (isNameTaken(err)) throw nameTaken();
      throw err;
    }
    if (!row) throw notFound();
    context.log.info({ clientId: id }, "client updated");
    return toClient(row);
  }

  return { list, create, update };
}

export type ClientsService = ReturnType<typeof createClientsService>;
