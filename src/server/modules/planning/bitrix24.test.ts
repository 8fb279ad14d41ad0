import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startWebhookReceiver } from "../../outbox/testing/webhook-receiver";
import { BitrixError, createBitrixClient } from "./bitrix24";

const receiver = await startWebhookReceiver();
afterAll(() => receiver.close());

const silent = { warn() {}, info() {}, error() {} } as unknown as FastifyBaseLogger;
const client = createBitrixClient({
  webhookUrl: receiver.url.replace(/\/hook$/, "/rest/7/k3y/"),
  responsibleId: "7",
  timeoutSeconds: 30,
  log: silent,
});
const task = { title: "Post 1", description: "Texto", deadline: null };

describe("Bitrix24 client", () => {
  beforeEach(() => receiver.reset());

  it("reads the task id from tasks.task.add", async () => {
    receiver.respondWith(200, JSON.stringify({ result: { task: { id: "51" } } }));
    expect(await client.addTask(task)).toBe("51");
    expect(receiver.received[0]!.path).toBe("/rest/7/k3y/tasks.task.add.json");
  });

  it("stops reading an answer without end at 256 KiB: the task may exist, so the outcome is uncertain", async () => {
    receiver.respondEndless(200, '{"result":{"task":{"id":"51","title":"');
    const err = await client.addTask(task).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BitrixError);
    expect(err).toMatchObject({ message: "too-large: answer larger than 256 KiB", uncertain: true });
    expect(await receiver.waitForHangUps(1)).toHaveLength(1);
  });
});
