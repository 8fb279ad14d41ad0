import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { outbox } from "../db/schema/outbox";
import { openTestDatabase, testDatabaseKinds } from "../testing/test-app";
import { enqueueWebhook, findWebhookDeliveries } from "./outbox";

for (const kind of testDatabaseKinds()) {
  describe(`enqueueWebhook [${kind}]`, () => {
    let database: Database;
    let drop = async () => {};

    beforeAll(async () => {
      const opened = await openTestDatabase(kind);
      database = opened.database;
      drop = opened.drop;
    });
    beforeEach(async () => {
      await database.db.execute(sql`truncate table outbox`);
    });
    afterAll(() => drop());

    it("writes a pending row, due now, in the caller's transaction", async () => {
      const payload = { solicitante: "Joana Araújo", valor: "1.234,50", itens: [1, 2] };
      const id = await database.db.transaction((tx) =>
        enqueueWebhook(tx, { kind: "reembolso", payload, source: { table: "reembolsos", id: "r-1" } }),
      );
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

      const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
      expect(row).toMatchObject({
        kind: "reembolso",
        payload,
        status: "pending",
        attempts: 0,
        lockedUntil: null,
        lastError: null,
        lastStatus: null,
        sourceTable: "reembolsos",
        sourceId: "r-1",
        deliveredAt: null,
      });
      expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

      const deliveries = await findWebhookDeliveries(database.db, { table: "reembolsos", id: "r-1" });
      expect(deliveries.map((d) => [d.id, d.status])).toEqual([[id, "pending"]]);
      expect(await findWebhookDeliveries(database.db, { table: "reembolsos", id: "r-2" })).toEqual([]);
    });

    it("leaves nothing behind when the request's transaction rolls back", async () => {
      await expect(
        database.db.transaction(async (tx) => {
          await enqueueWebhook(tx, { kind: "bolsa", payload: { a: 1 } });
          throw new Error("saving the request failed");
        }),
      ).rejects.toThrow("saving the request failed");
      expect(await database.db.select().from(outbox)).toEqual([]);
    });

    it("gives every row its own id and accepts the Db itself", async () => {
      const a = await enqueueWebhook(database.db, { kind: "vaga", payload: {} });
      const b = await enqueueWebhook(database.db, { kind: "vaga", payload: {} });
      expect(a).not.toBe(b);
      expect(await database.db.$count(outbox)).toBe(2);
    });
  });
}
