import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { TestContext } from "../test-app";
import { buildRequest, type ConcreteCall } from "./build-request";
import { callArbitrary, type SymbolicCall } from "./call-arbitrary";
import { type Answer, answerProblems, decodedBody } from "./checks";
import type { Operation } from "./openapi";
import { forbiddenChanges, hiddenMarkers, type Scope, scopeOf } from "./ownership";
import { PEOPLE, type PersonKey, type Seeded } from "./seed-send";
import { type Snapshot, takeSnapshot, watchWrites } from "./snapshot";
import { type Actor, type Pool, type Role, readPool } from "./world";

/*
 * The fuzzing loop: for one person, every operation gets `runs` generated calls (fast-check,
 * a seed derived from the run's seed, the person and the operation). Each call is made on the
 * one app and its seeded data, its answer checked (checks.ts), then the database compared with
 * the snapshot before it (ownership.ts). Nothing is reset between calls but what would change
 * who the people are: the administrator's changes to teams, and a session a call ended.
 */

/** Who plays each role: the requester, the reviewer (Financeiro) and the administrator. */
const PLAYERS: Record<Exclude<Role, "anonymous">, PersonKey> = {
  requester: "alice",
  reviewer: "rita",
  admin: "admin",
};

/** A call that has not answered by then hangs: a defect too (a whole export of the seed takes well under this). */
const CALL_DEADLINE_MS = 30_000;

export class FuzzFailure extends Error {}

export type FuzzReport = {
  calls: number;
  statuses: Map<number, number>;
  /** Statuses by "<role> <METHOD> <path>": how far the calls get (a route answering only 4xx is fuzzed shallowly). */
  byOperation: Map<string, Map<number, number>>;
  /** With `keepGoing`: the first call of each kind of problem, by role, operation and problem. */
  failures: Map<string, string>;
};

type SavedRows = { teams: unknown; members: unknown; policies: unknown; sessions: unknown };

export class Fuzzer {
  private pool!: Pool;
  private before!: Snapshot;
  private saved!: SavedRows;
  private writes!: () => Promise<string>;
  /** The write count when `before` was read. */
  private writesSeen = "";
  readonly report: FuzzReport = {
    calls: 0,
    statuses: new Map(),
    byOperation: new Map(),
    failures: new Map(),
  };
  private readonly names: Map<string, string>;

  constructor(
    private readonly ctx: TestContext,
    private readonly seeded: Seeded,
    private readonly operations: Operation[],
    /** Note every problem and go on (a long run's list) instead of stopping at the first. */
    private readonly keepGoing = false,
    /** Where each call is written as it is made, if anywhere. */
    private readonly trace?: (line: string) => void,
  ) {
    this.names = new Map(Object.entries(seeded.people).map(([key, p]) => [p.userId, key]));
  }

  async start() {
    const db = this.ctx.database.db;
    const rows = async (query: string) => (await db.execute(sql.raw(query))).rows[0]!.rows;
    const actors = Object.values(PLAYERS).map((key) => `'${this.seeded.people[key].userId}'`);
    this.saved = {
      teams: await rows("select coalesce(jsonb_agg(t), '[]') as rows from teams t"),
      members: await rows("select coalesce(jsonb_agg(m), '[]') as rows from team_members m"),
      policies: await rows("select coalesce(jsonb_agg(p), '[]') as rows from approval_policies p"),
      sessions: await rows(
        `select coalesce(jsonb_agg(s), '[]') as rows from sessions s where user_id in (${actors.join(", ")})`,
      ),
    };
    this.writes = await watchWrites(db);
    this.pool = await this.readPool();
  }

  private readPool() {
    return readPool(this.ctx.database.db, {
      emails: Object.values(PEOPLE).map((p) => p.email),
      shareTokens: [this.seeded.shareToken],
      signedLinks: this.seeded.signedLinks,
    });
  }

  actor(role: Role): Actor {
    if (role === "anonymous") return { role, email: null, userId: null, cookie: null };
    const key = PLAYERS[role];
    const { userId, cookie } = this.seeded.people[key];
    return { role, email: PEOPLE[key].email, userId, cookie };
  }

  /** Every operation (those `only` matches) as `role`, `runs` calls each; throws the first failure. */
  async fuzz(role: Role, seed: number, runs: number, only?: RegExp) {
    const cursors = this.pool.cursors;
    this.pool = { ...(await this.readPool()), cursors };
    const scope = await scopeOf(this.ctx.database.db, this.actor(role), {
      manager: role === "admin",
      sharedPlanId: this.seeded.sharedPlanId,
      names: this.names,
    });
    this.before = await takeSnapshot(this.ctx.database.db);
    this.writesSeen = await this.writes();
    for (const op of this.operations) {
      if (only && !only.test(`${role} ${op.key}`)) continue;
      const opSeed = (seed ^ hash(`${role} ${op.key}`)) >>> 0;
      await this.fuzzOperation(op, scope, opSeed, runs).catch((error: unknown) => {
        if (error instanceof FuzzFailure) throw error;
        throw new Error(`fuzzing ${role} ${op.key}: ${error instanceof Error ? error.stack : String(error)}`);
      });
    }
  }

  private async fuzzOperation(op: Operation, scope: Scope, opSeed: number, runs: number) {
    await fc.assert(
      fc.asyncProperty(callArbitrary(op, scope.actor.role, this.seeded.examples), (call) =>
        this.check(op, scope, call),
      ),
      {
        seed: opSeed,
        numRuns: runs,
        reporter: (details) => {
          if (!details.failed) return;
          const error = details.errorInstance;
          // A problem found reads as its report; anything else is the fuzzer's own bug: its stack.
          const message =
            error instanceof FuzzFailure ? error.message : `${op.key}: ${(error as Error)?.stack ?? error}`;
          throw new FuzzFailure(
            `${message}\n  fast-check: seed ${details.seed}, path "${details.counterexamplePath}", ` +
              `after ${details.numRuns} calls and ${details.numShrinks} shrinks`,
          );
        },
      },
    );
  }

  private async check(op: Operation, scope: Scope, symbolic: SymbolicCall): Promise<void> {
    const actor = scope.actor;
    const call = await buildRequest(op, symbolic, this.pool, actor);
    const hidden = hiddenMarkers(scope, this.seeded.markers, this.before);
    const started = performance.now();
    const answer = await this.send(call);
    this.tally(`${actor.role} ${op.key}`, call, answer, performance.now() - started);
    for (const match of answer.body.matchAll(/"nextCursor":"([^"]{1,200})"/g)) {
      if (this.pool.cursors.length < 50 && !this.pool.cursors.includes(match[1]!))
        this.pool.cursors.push(match[1]!);
    }
    const problems = answerProblems(call, answer, actor, hidden);
    const writes = await this.writes();
    if (writes !== this.writesSeen) {
      const after = await takeSnapshot(this.ctx.database.db);
      problems.push(...forbiddenChanges({ ...scope, actor }, this.before, after));
      this.before = after;
    }
    await this.keepPeopleAsTheyAre(op, scope.actor, answer);
    this.writesSeen = await this.writes();
    if (problems.length === 0) return;
    const report = failureText(problems, scope.actor, call, answer);
    if (!this.keepGoing) throw new FuzzFailure(report);
    for (const problem of problems) {
      const kind = `${scope.actor.role} ${op.key}: ${problem.replace(/"[^"]*"|\d+/g, "…").slice(0, 100)}`;
      if (!this.report.failures.has(kind)) this.report.failures.set(kind, report);
    }
  }

  private tally(name: string, call: ConcreteCall, answer: Answer, ms: number) {
    const report = this.report;
    report.calls += 1;
    this.trace?.(
      `${name.split(" ")[0]} ${call.method} ${call.url.slice(0, 200)} → ${answer.status} in ${Math.round(ms)} ms ${answer.body.slice(0, 160)}`,
    );
    report.statuses.set(answer.status, (report.statuses.get(answer.status) ?? 0) + 1);
    const ofOperation = report.byOperation.get(name) ?? new Map<number, number>();
    ofOperation.set(answer.status, (ofOperation.get(answer.status) ?? 0) + 1);
    report.byOperation.set(name, ofOperation);
  }

  /** Makes the call; as a stream, so the live events' answer, which never ends, is read no further than its headers. */
  private async send(call: ConcreteCall): Promise<Answer> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new FuzzFailure(`no answer within ${CALL_DEADLINE_MS} ms`)),
        CALL_DEADLINE_MS,
      );
    });
    try {
      const response = await Promise.race([
        this.ctx.app.inject({ ...call.inject, payloadAsStream: true }),
        deadline,
      ]);
      let raw = Buffer.alloc(0);
      if (String(response.headers["content-type"]).startsWith("text/event-stream")) {
        response.stream().destroy();
      } else {
        const read = async () => {
          const chunks: Buffer[] = [];
          for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
          return Buffer.concat(chunks);
        };
        raw = await Promise.race([read(), deadline]);
      }
      let body: string;
      try {
        body = decodedBody(raw, response.headers["content-encoding"]);
      } catch {
        body = raw.toString("latin1");
      }
      return { status: response.statusCode, headers: response.headers, body };
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Puts back what would change who the people are: teams and policies after an administrator
   * changed them (so nobody gains a team's rights mid-run), and the actor's session after a
   * call ended it (sign-out, 'Sair de todas as sessões'): its row again, so its cookie works.
   */
  private async keepPeopleAsTheyAre(op: Operation, actor: Actor, answer: Answer) {
    const db = this.ctx.database.db;
    const json = (rows: unknown) => JSON.stringify(rows);
    if (actor.role === "admin" && /^\/api\/admin\/(equipes|politicas)/.test(op.path) && op.method !== "GET") {
      const teams = json(this.saved.teams);
      await db.execute(sql`delete from approval_policies`);
      await db.execute(sql`delete from team_members`);
      await db.execute(
        sql`delete from teams where id not in (select id from jsonb_populate_recordset(null::teams, ${teams}::jsonb))`,
      );
      await db.execute(sql`insert into teams select * from jsonb_populate_recordset(null::teams, ${teams}::jsonb)
        on conflict (id) do update set name = excluded.name, kinds = excluded.kinds,
          departamentos = excluded.departamentos, area = excluded.area`);
      await db.execute(
        sql`insert into team_members select * from jsonb_populate_recordset(null::team_members, ${json(this.saved.members)}::jsonb)`,
      );
      await db.execute(
        sql`insert into approval_policies select * from jsonb_populate_recordset(null::approval_policies, ${json(this.saved.policies)}::jsonb)`,
      );
      await this.ctx.app.sessions.revoke({ type: "all" });
    }
    const endsSessions = op.path === "/api/logout" || op.path === "/api/me/sessions";
    if (actor.role !== "anonymous" && (endsSessions || answer.status === 401)) {
      await db.execute(
        sql`insert into sessions select * from jsonb_populate_recordset(null::sessions, ${json(this.saved.sessions)}::jsonb)
          on conflict (id) do nothing`,
      );
    }
  }
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const shorten = (text: string, max = 600) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;

function failureText(problems: string[], actor: Actor, call: ConcreteCall, answer: Answer): string {
  const { cookie: _, ...headers } = call.headers;
  return [
    `API fuzzer: ${problems.join("; ")}`,
    `  person: ${actor.role}${actor.email ? ` (${actor.email})` : " (signed out)"}`,
    `  call: ${call.method} ${shorten(call.url, 300)}`,
    `  headers: ${JSON.stringify(headers)}${call.headers.cookie ? " + session cookie" : ""}`,
    `  body: ${shorten(JSON.stringify(call.shownBody) ?? "(none)")}`,
    `  answer: ${answer.status} ${shorten(answer.body, 400)}`,
  ].join("\n");
}
