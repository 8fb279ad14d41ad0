import { sql } from "drizzle-orm";
import { afterAll, beforeEach, expect, it } from "vitest";
import type { PlanDetail } from "@/domain/planning/plan";
import { signedInUser } from "../../testing/auth-helpers";
import { describeWithApp } from "../../testing/test-app";
import { startBitrixReceiver } from "./testing/bitrix-receiver";
import { insertClient, planRequest } from "./testing/plan-fixtures";

const bitrix = await startBitrixReceiver();
afterAll(() => bitrix.close());

describeWithApp(
  "'Criar Tarefa' through Bitrix24",
  {
    env: {
      REQUIRE_EMAIL_VERIFICATION: "false",
      BITRIX24_WEBHOOK_URL: bitrix.url,
      BITRIX24_TIMEOUT: "1",
    },
  },
  (ctx) => {
    beforeEach(() => bitrix.reset());

    async function generatedPlan() {
      const manager = await signedInUser(ctx(), "planejamento@agencia.digital");
      const client = await insertClient(ctx());
      const id = (
        await ctx().app.inject({
          method: "POST",
          url: "/api/planejamentos",
          headers: { cookie: manager.cookie },
          payload: planRequest(client.id),
        })
      ).json().planejamento_id as string;
      const get = async () =>
        (
          await ctx().app.inject({
            method: "GET",
            url: `/api/planejamentos/${id}`,
            headers: { cookie: manager.cookie },
          })
        ).json() as PlanDetail;
      const plan = await get();
      const week = plan.content!.calendario_editorial.semanas[1]!;
      return { manager, id, plan, week, post: week.posts[0]!, get };
    }

    const createTask = (id: string, postId: string, cookie: string) =>
      ctx().app.inject({
        method: "POST",
        url: `/api/planejamentos/${id}/posts/${postId}/tarefa`,
        headers: { cookie },
        payload: {},
      });

    it("creates the task with tasks.task.add, stores its id, shows 'Criada', and never twice", async () => {
      const { manager, id, plan, week, post, get } = await generatedPlan();
      expect(plan.bitrix_enabled).toBe(true);
      const created = await createTask(id, post.id!, manager.cookie);
      expect(created.statusCode).toBe(200);
      expect(created.json()).toEqual({ status: "created", bitrix_task_id: "1001" });

      expect(bitrix.calls).toHaveLength(1);
      const call = bitrix.calls[0]!;
      expect(call.path).toBe("/rest/7/k3y9t0k3n/tasks.task.add.json");
      expect(call.body.fields).toMatchObject({
        TITLE: `[Padaria Pão Quente] ${post.canal}: ${post.titulo}`,
        RESPONSIBLE_ID: "7",
        // The post's own suggested day (its week's last day only for plans made before data_sugerida).
        DEADLINE: `${post.data_sugerida}T18:00:00-03:00`,
      });
      const description = String(call.body.fields!.DESCRIPTION);
      expect(description).toContain(`Título/Headline: ${post.titulo}`);
      expect(description).toContain(`Canal: ${post.canal}`);
      expect(description).toContain(`/planejamento/visualizar/${id}`);

      const after = await get();
      const shown = after.content!.calendario_editorial.semanas[1]!.posts[0]!;
      expect(shown).toMatchObject({ bitrix_created: true, bitrix_task_id: "1001" });

      // Clicked again, or from another tab: the same task, no second call.
      const again = await createTask(id, post.id!, manager.cookie);
      expect(again.json()).toEqual({ status: "created", bitrix_task_id: "1001" });
      // Two clicks while Bitrix24 is still answering the first: one call, the second told it is underway.
      bitrix.delay(400);
      const [a, b] = await Promise.all([
        createTask(id, week.posts[1]!.id!, manager.cookie),
        createTask(id, week.posts[1]!.id!, manager.cookie),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect(bitrix.calls).toHaveLength(2);

      // Editing the plan keeps the task attached to its post.
      const content = structuredClone(after.content!);
      content.calendario_editorial.semanas[1]!.posts[0]!.titulo = "Título novo";
      const saved = await ctx().app.inject({
        method: "PUT",
        url: `/api/planejamentos/${id}`,
        headers: { cookie: manager.cookie },
        payload: { version: after.version, content },
      });
      expect(saved.json().content.calendario_editorial.semanas[1].posts[0]).toMatchObject({
        titulo: "Título novo",
        bitrix_created: true,
      });
      expect((await createTask(id, post.id!, manager.cookie)).json().bitrix_task_id).toBe("1001");
      expect(bitrix.calls).toHaveLength(2);
    });

    it("an error or a timeout answers 'Erro ao criar tarefa no Bitrix. Tente novamente.'; the retry never makes a second task", async () => {
      const { manager, id, post, get } = await generatedPlan();
      bitrix.setMode("error");
      const refused = await createTask(id, post.id!, manager.cookie);
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({
        message: "Erro ao criar tarefa no Bitrix. Tente novamente.",
        code: "BITRIX_FAILED",
      });
      expect((await get()).content!.calendario_editorial.semanas[1]!.posts[0]!.bitrix_created).toBe(false);

      // No answer: the task may exist (this receiver made it), so the claim is 'unknown', not 'failed'.
      bitrix.setMode("timeout");
      const slow = await createTask(id, post.id!, manager.cookie);
      expect(slow.statusCode).toBe(502);
      expect(slow.json().message).toBe("Erro ao criar tarefa no Bitrix. Tente novamente.");
      const [claim] = (
        await ctx().database.db.execute(
          sql`select status, error from plan_post_tasks where post_id = ${post.id!}`,
        )
      ).rows;
      expect(claim).toMatchObject({ status: "unknown", error: "timeout" });
      expect(bitrix.tasks).toHaveLength(1);

      // Bitrix24 down while we look: still unknown, still no second task.
      bitrix.setMode("error");
      expect((await createTask(id, post.id!, manager.cookie)).statusCode).toBe(502);
      const [still] = (
        await ctx().database.db.execute(sql`select status from plan_post_tasks where post_id = ${post.id!}`)
      ).rows;
      expect(still).toMatchObject({ status: "unknown" });

      // The retry finds the task the unanswered call made, instead of making a second one.
      bitrix.setMode("success");
      const retried = await createTask(id, post.id!, manager.cookie);
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toEqual({ status: "created", bitrix_task_id: bitrix.tasks[0]!.id });
      expect(bitrix.tasks).toHaveLength(1);
      expect(bitrix.calls.filter((c) => c.path.endsWith("tasks.task.add.json"))).toHaveLength(2);
      expect((await get()).content!.calendario_editorial.semanas[1]!.posts[0]!.bitrix_created).toBe(true);
    });

    it("after an unanswered call that made nothing, the retry makes the task", async () => {
      const { manager, id, post } = await generatedPlan();
      bitrix.setMode("timeout");
      expect((await createTask(id, post.id!, manager.cookie)).statusCode).toBe(502);
      // As if the request had never reached Bitrix24.
      bitrix.tasks.length = 0;
      bitrix.setMode("success");
      const retried = await createTask(id, post.id!, manager.cookie);
      expect(retried.json().status).toBe("created");
      expect(bitrix.tasks).toHaveLength(1);
      expect(bitrix.calls.map((c) => c.path.split("/").pop())).toEqual([
        "tasks.task.add.json",
        "tasks.task.list.json",
        "tasks.task.add.json",
      ]);
    });
  },
);
