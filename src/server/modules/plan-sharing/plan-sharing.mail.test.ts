import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { PlanDetail } from "@/domain/planning/plan";
import type { PublicPlan, ShareLinkCreated } from "@/domain/planning/share-api";
import { person } from "../../testing/people";
import { describeWithApp, within } from "../../testing/test-app";
import { insertClient, planRequest } from "../planning/testing/plan-fixtures";

/*
 * The client's comments and approval are mailed to the plan's owner at the
 * address stored for them; the mailer takes it only as one mailbox
 * (docs/decisions/028), so a list stored before that rule reaches nobody.
 */

const OWNER = "planejamento@agencia.digital";
const lines: { msg?: string }[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

describeWithApp(
  "the plan's share notifications go to one mailbox",
  { env: { PLANNING_MANAGERS: OWNER }, logger: { level: "error", stream: logStream } },
  (ctx) => {
    it("refuses to mail a stored owner address that is not one mailbox; the comment and the bell are kept", async () => {
      const owner = await person(ctx(), OWNER, "Paula Planejadora");
      const client = await insertClient(ctx());
      const created = await ctx().app.inject({
        method: "POST",
        url: "/api/planejamentos",
        headers: { cookie: owner.cookie },
        payload: planRequest(client.id),
      });
      const planId = created.json().planejamento_id as string;
      const plan = (
        await ctx().app.inject({ url: `/api/planejamentos/${planId}`, headers: { cookie: owner.cookie } })
      ).json() as PlanDetail;
      const shared = await ctx().app.inject({
        method: "POST",
        url: `/api/planejamentos/${plan.id}/compartilhamento`,
        headers: { cookie: owner.cookie },
      });
      const token = new URL((shared.json() as ShareLinkCreated).url).pathname.split("/").pop()!;
      const page = (
        await ctx().app.inject({ url: `/api/publico/planejamentos/${token}` })
      ).json() as PublicPlan;
      const post = page.semanas.flatMap((week) => week.posts)[0]!;

      await ctx().database.db.execute(
        sql`update users set email = ${`${OWNER},eve@gmail.com`} where email = ${OWNER}`,
      );
      ctx().mail.clear();
      lines.splice(0);
      const sent = await ctx().app.inject({
        method: "POST",
        url: `/api/publico/planejamentos/${token}/comentarios`,
        payload: { post_id: post.id, nome: "Carla Cliente", texto: "Podemos trocar a foto?" },
      });
      expect(sent.statusCode).toBe(201);
      await within(10_000, async () => lines.some((line) => line.msg === "notification e-mail not sent"));
      expect(ctx().mail.mails).toEqual([]);
      const bell = await ctx().database.db.execute(
        sql`select count(*)::int as n from notifications where user_id = ${owner.user.id}`,
      );
      expect(bell.rows[0]).toEqual({ n: 1 });
    });
  },
);
