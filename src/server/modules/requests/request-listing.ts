import type { RequestListPage } from "@/domain/requests/api";
import { requestKind } from "@/domain/requests/kinds";
import { type Cursor, decodeCursor, encodeCursor } from "../../http/keyset-cursor";
import type { SignedInContext } from "../../http/request-context";
import { numericToCents } from "./money-column";
import { countUserRequests, listUserRequests } from "./requests.queries";
import type { ListOptions, RequestsServiceDeps } from "./requests-deps";

/** 'Minhas solicitações': the first pages kept in memory (decision 022), the rest and every search read. */
/** Only the plain list's first pages are kept in memory (decision 022): never a later page or a search. */
const keptInMemory = (options: ListOptions) => !options.cursor && !options.busca;

export function requestListing(deps: Pick<RequestsServiceDeps, "db" | "lists">) {
  const { db } = deps;

  /** The first page when this instance holds it (decision 022), without a promise: most calls are this. */
  function cachedList(user: { id: string }, options: ListOptions) {
    return keptInMemory(options) ? deps.lists?.get(user.id, options.limit) : undefined;
  }

  async function list(context: SignedInContext, options: ListOptions): Promise<RequestListPage> {
    const cursor = decodeCursor(options.cursor);
    const userId = context.user.id;
    const kept = keptInMemory(options);
    const cached = cachedList(context.user, options);
    if (cached) return cached;
    const mark = deps.lists?.mark() ?? 0;
    const page = await readPage(userId, options.limit, cursor, options.busca);
    if (kept) deps.lists?.set(userId, options.limit, mark, page);
    return page;
  }

  async function readPage(
    userId: string,
    limit: number,
    cursor: Cursor | null,
    search: string | undefined,
  ): Promise<RequestListPage> {
    const [rows, total] = await Promise.all([
      listUserRequests(db, userId, limit + 1, cursor, search),
      cursor ? Promise.resolve(null) : countUserRequests(db, userId, search),
    ]);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map((r) => ({
        tipo: r.tipo,
        id: r.id,
        createdAt: new Date(r.created_at).toISOString(),
        status: r.status,
        resumo: requestKind(r.tipo).list.summary(r.resumo_campos),
        valor: r.valor === null ? null : numericToCents(String(r.valor)),
      })),
      nextCursor:
        rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
      total,
    };
  }

  return { cachedList, list };
}
