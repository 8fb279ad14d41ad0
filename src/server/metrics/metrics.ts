import { sql } from "drizzle-orm";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/client";
import type { Mailer } from "../mail/mailer";

/*
 * What an operator's Prometheus reads at /metrics (docs/decisions/043): how
 * long requests take by route and status, whether the outbox is backing up or
 * failing, whether e-mail fails, how many live streams are open, how busy the
 * database pool is, the event loop's delay and the last verified backup's age.
 * Built only when METRICS_TOKEN is set: otherwise no hook, no timer, no cost.
 */

export type MetricsSources = {
  database: Database;
  /** Open live streams on this instance. */
  liveStreams: () => number;
};

async function outboxFigures(database: Database) {
  const result = await database.db.execute(sql`select kind, status, count(*)::int as n,
      extract(epoch from now() - min(created_at)) as oldest
    from outbox where status in ('pending', 'failed') group by kind, status`);
  return result.rows as {
    kind: string;
    status: "pending" | "failed";
    n: number;
    oldest: string | number | null;
  }[];
}

async function lastVerifiedBackupAge(database: Database): Promise<number | null> {
  const result = await database.db.execute(sql`select extract(epoch from now() - max(at)) as age from events
    where subject_kind = 'backup' and type = 'backup_feito' and (data->>'verificado')::boolean`);
  const age = (result.rows[0] as { age: string | number | null } | undefined)?.age;
  return age === null || age === undefined ? null : Number(age);
}

function databaseGauges(registry: Registry, sources: MetricsSources) {
  new Gauge({
    name: "balcao_outbox_pending",
    help: "Webhooks waiting to be delivered, by kind",
    labelNames: ["kind"],
    registers: [registry],
    async collect() {
      this.reset();
      const oldest = new Map<string, number>();
      for (const row of await outboxFigures(sources.database)) {
        if (row.status === "pending") {
          this.set({ kind: row.kind }, row.n);
          oldest.set(row.kind, Number(row.oldest ?? 0));
        } else failed.set({ kind: row.kind }, row.n);
      }
      oldestPending.set(Math.max(0, ...oldest.values()));
    },
  });
  const failed = new Gauge({
    name: "balcao_outbox_failed",
    help: "Webhooks given up after every retry, by kind (they wait for 'Enviar novamente')",
    labelNames: ["kind"],
    registers: [registry],
  });
  const oldestPending = new Gauge({
    name: "balcao_outbox_oldest_pending_seconds",
    help: "Age of the oldest webhook still waiting (0: none)",
    registers: [registry],
  });
  new Gauge({
    name: "balcao_backup_last_verified_age_seconds",
    help: "Age of the last scheduled backup that verified (absent: none yet)",
    registers: [registry],
    async collect() {
      this.reset();
      const age = await lastVerifiedBackupAge(sources.database);
      if (age !== null) this.set(age);
    },
  });
}

export function createMetrics(sources: MetricsSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "balcao_" });
  const requests = new Histogram({
    name: "balcao_http_request_duration_seconds",
    help: "Time to answer a request, by method, route and status",
    labelNames: ["method", "route", "status_code"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const emailsFailed = new Counter({
    name: "balcao_emails_failed_total",
    help: "E-mails the SMTP server refused or that could not be sent",
    registers: [registry],
  });
  new Gauge({
    name: "balcao_live_streams_open",
    help: "Live update streams open on this instance",
    registers: [registry],
    collect() {
      this.set(sources.liveStreams());
    },
  });
  new Gauge({
    name: "balcao_db_pool_connections",
    help: "PostgreSQL connections of this instance's pool, by state",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const pool = sources.database.poolStats?.();
      if (!pool) return;
      this.set({ state: "total" }, pool.total);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });
  databaseGauges(registry, sources);

  return {
    registry,
    observeRequest(method: string, route: string, status: number, seconds: number) {
      requests.observe({ method, route, status_code: String(status) }, seconds);
    },
    /** The mailer, counting what fails (and failing as before). */
    countingMailer(mailer: Mailer): Mailer {
      return {
        async send(email) {
          try {
            await mailer.send(email);
          } catch (err) {
            emailsFailed.inc();
            throw err;
          }
        },
        verify: () => mailer.verify(),
        close: () => mailer.close(),
      };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
