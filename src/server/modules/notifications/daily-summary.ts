import type { FastifyBaseLogger } from "fastify";
import type { Executor } from "../../db/client";
import type { Mailer } from "../../mail/mailer";
import { dailySummaryEmail } from "../../mail/templates";
import type { Links } from "./announcements";
import { claimDailySummaries, findUsersByEmail } from "./notifications.queries";

/**
 * The daily summaries (a job runs this every few minutes): from 8:00 in São
 * Paulo, each member who chose it gets the requests that reached their teams
 * since their last summary, once.
 */
export async function sendDailySummaries(
  deps: { db: Executor; mailer: Mailer; links: Links; log: FastifyBaseLogger },
  now: Date,
  newSince: (
    email: string,
    since: Date,
  ) => Promise<{ kind: string; id: string; kindLabel: string; requester: string; summary: string }[]>,
) {
  const today8 = saoPauloEightOClock(now);
  if (now < today8) return 0;
  const { db, mailer, links, log } = deps;
  const claimed = await claimDailySummaries(db, today8);
  let sent = 0;
  for (const { email, previous } of claimed) {
    const since = previous ? new Date(previous) : new Date(today8.getTime() - 24 * 3600_000);
    const items = await newSince(email, since);
    if (!items.length) continue;
    const [account] = await findUsersByEmail(db, [email]);
    await mailer
      .send(
        dailySummaryEmail({
          to: email,
          name: account?.name ?? "",
          items: items.map((i) => ({ ...i, url: links.request(i.kind, i.id) })),
          queueUrl: `${links.publicUrl}/caixa`,
        }),
      )
      .then(() => {
        sent += 1;
      })
      .catch((err) => log.error({ err }, "daily summary not sent"));
  }
  return sent;
}

/** Today's 8:00 in São Paulo as an instant (Brazil has had no daylight saving time since 2019: UTC−3). */
export function saoPauloEightOClock(now: Date): Date {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(now);
  return new Date(`${day}T08:00:00-03:00`);
}
