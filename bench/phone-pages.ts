// The pages bench/phone.ts opens on a phone, and the server it opens them on: /login signed out
// and, signed in, the first pages a person most often opens (decision 068). A server on PGlite
// through the lists' scenario runner (bench/scenario.ts): a requester with requests of every kind
// ('Minhas solicitações' holds a full first page, and one of them is the request's page), and a
// reviewer in a team that handles every kind, whose 'Caixa de entrada' holds those and other
// people's.
import { seedPeople, seedRequests, seedReviewTeam } from "../src/server/testing/seed";
import { runScenario, type Setup } from "./scenario";

export const LOGIN_JS_BUDGET_BYTES = 100 * 1024;
export const HOME_JS_BUDGET_BYTES = 150 * 1024;

export type PhonePage = {
  name: string;
  /** The address opened, with `?nosplash` (the splash is a fixed 3 s on purpose). */
  path: string;
  /** The page's own JavaScript budget; the pages without one print theirs. */
  jsBudget?: number;
  /** A Cookie header: the page is opened signed in. */
  cookie?: string;
};

/** The requester's requests of each kind: 20 in all, a full first page of 'Minhas solicitações'. */
const MINE_PER_KIND = 4;
const OTHERS = 3;
const OTHERS_PER_KIND = 2;

type Seeded = { request: { kind: string; id: string } };

const setup: Setup<Seeded> = {
  name: "phone",
  users: ["me", "reviewer"],
  tables: ["users", "teams", "team_members", "requests"],
  async seed(db, users) {
    await seedReviewTeam(db, "Mesa de revisão", [users.reviewer!.email]);
    const me = { id: users.me!.id, name: users.me!.name, email: users.me!.email };
    const mine = await seedRequests(db, {
      owners: [{ person: me, offsetMinutes: 0 }],
      perKind: MINE_PER_KIND,
      everyMinutes: 180,
    });
    const others = await seedPeople(db, "solicitante", OTHERS);
    await seedRequests(db, {
      owners: others.map((person, i) => ({ person, offsetMinutes: 30 * (i + 1) })),
      perKind: OTHERS_PER_KIND,
      everyMinutes: 180,
    });
    // A reimbursement: the kind most requests are, with a value, a receipt's place and a timeline.
    const request = mine.find((r) => r.kind === "reembolso") ?? mine[0]!;
    return { request };
  },
};

/**
 * Starts the server, seeds it, and hands `measure` its address and the pages, /login first (every
 * other page is set against it).
 */
export async function phonePages(measure: (baseUrl: string, pages: PhonePage[]) => Promise<void>) {
  await runScenario(
    "PGlite",
    setup,
    async ({ server, users, seeded }) => {
      const me = users.me!.cookie;
      const reviewer = users.reviewer!.cookie;
      const { kind, id } = seeded.request;
      await measure(server.baseUrl, [
        { name: "/login", path: "/login?nosplash", jsBudget: LOGIN_JS_BUDGET_BYTES },
        { name: "/ (signed in)", path: "/?nosplash", jsBudget: HOME_JS_BUDGET_BYTES, cookie: me },
        { name: "'Minhas solicitações'", path: "/solicitacoes?nosplash", cookie: me },
        { name: "'Caixa de entrada' (a reviewer)", path: "/caixa?nosplash", cookie: reviewer },
        { name: "A request's page", path: `/solicitacoes/${kind}/${id}?nosplash`, cookie: me },
      ]);
    },
    async () => undefined,
  );
}
