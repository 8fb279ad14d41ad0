import { afterAll, beforeEach, expect, it } from "vitest";
import { WEBHOOK_KINDS, type WebhookKind } from "../config";
import { automationContent, insertClient, planRequest } from "../modules/planning/testing/plan-fixtures";
import { signedInUser } from "../testing/auth-helpers";
import { describeWithApp, TEST_WEBHOOK_SECRET } from "../testing/test-app";
import { enqueueWebhook } from "./outbox";
import { verifyWebhookSignature } from "./signature";
import { type ReceivedWebhook, startWebhookReceiver } from "./testing/webhook-receiver";

/*
 * Each automation gets its own secret (WEBHOOK_<KIND>_SECRET, PLAN_GENERATOR_SECRET),
 * so a receiver that knows its secret cannot forge messages to the others. Kinds
 * without one fall back to WEBHOOK_SECRET (TEST_WEBHOOK_SECRET here).
 */
const receiver = await startWebhookReceiver();
afterAll(() => receiver.close());
const hook = (name: string) => receiver.url.replace(/\/hook$/, `/${name}`);

const OWN_SECRETS: Partial<Record<WebhookKind, string>> = {
  reembolso: "whsec_cmVlbWJvbHNvLXNlY3JldC1vZi1pdHMtb3duLTMyYg==",
  bolsa: "segredo-da-bolsa-com-mais-de-24-caracteres",
  suporte: "whsec_c3Vwb3J0ZS1zZWNyZXQtb2YtaXRzLW93bi0zMmJ5",
  vaga: "whsec_dmFnYS1zZWNyZXQtb2YtaXRzLW93bi0zMmJ5dGVz",
};
const PLAN_SECRET = "whsec_cGxhbm8tc2VjcmV0LW9mLWl0cy1vd24tMzJieXRlcw==";
const ALL_SECRETS = [TEST_WEBHOOK_SECRET, PLAN_SECRET, ...Object.values(OWN_SECRETS)];

const env: Record<string, string> = {
  REQUIRE_EMAIL_VERIFICATION: "false",
  PLAN_GENERATOR_URL: hook("plano"),
  PLAN_GENERATOR_SECRET: PLAN_SECRET,
};
for (const kind of WEBHOOK_KINDS) {
  env[`WEBHOOK_${kind.toUpperCase()}_URL`] = hook(kind);
  const own = OWN_SECRETS[kind];
  if (own) env[`WEBHOOK_${kind.toUpperCase()}_SECRET`] = own;
}

/** The secrets among ALL_SECRETS whose signature this delivery carries: exactly one is right. */
function signedWith(delivery: ReceivedWebhook): string[] {
  return ALL_SECRETS.filter((secret) =>
    verifyWebhookSignature({
      secret,
      id: String(delivery.headers["webhook-id"]),
      timestamp: String(delivery.headers["webhook-timestamp"]),
      body: delivery.body,
      signature: String(delivery.headers["webhook-signature"]),
    }),
  );
}

describeWithApp("a signing secret per automation", { env }, (ctx) => {
  beforeEach(() => receiver.reset());

  it("signs each kind's webhook with its own secret, or WEBHOOK_SECRET when it has none", async () => {
    for (const kind of WEBHOOK_KINDS) {
      await enqueueWebhook(ctx().database.db, { kind, payload: { type: kind } });
    }
    expect(await ctx().app.outbox.runOnce()).toBe(WEBHOOK_KINDS.length);
    const deliveries = await receiver.waitFor(WEBHOOK_KINDS.length);
    const byKind = Object.fromEntries(deliveries.map((d) => [d.path.slice(1), signedWith(d)]));
    // Every kind (from the registry), the openings and the status events: its own secret, or the shared one.
    expect(byKind).toEqual(
      Object.fromEntries(WEBHOOK_KINDS.map((kind) => [kind, [OWN_SECRETS[kind] ?? TEST_WEBHOOK_SECRET]])),
    );
    expect(byKind.material).toEqual([TEST_WEBHOOK_SECRET]);
  });

  it("signs the plan request with PLAN_GENERATOR_SECRET only", async () => {
    receiver.respondWith(200, JSON.stringify(automationContent()), { "content-type": "application/json" });
    const manager = await signedInUser(ctx(), "planejamento@agencia.digital");
    const client = await insertClient(ctx());
    const created = await ctx().app.inject({
      method: "POST",
      url: "/api/planejamentos",
      headers: { cookie: manager.cookie },
      payload: planRequest(client.id),
    });
    expect(created.statusCode).toBe(201);
    const [sent] = await receiver.waitFor(1);
    expect(sent!.path).toBe("/plano");
    expect(signedWith(sent!)).toEqual([PLAN_SECRET]);
  });
});
