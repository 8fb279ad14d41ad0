import { expect, it } from "vitest";
import { REQUEST_KINDS } from "@/domain/requests/kinds";
import { signedInUser } from "../../testing/auth-helpers";
import { postSample } from "../../testing/requests";
import { describeWithApp } from "../../testing/test-app";

/*
 * Every kind's sample (<kind>/sample.ts) is what its create route accepts, as its form sends it: the
 * seeds, the benches and the fuzzer start from these, and a new kind is covered with no edit here.
 */
describeWithApp(
  "each kind's sample, sent to its create route",
  { env: { REQUIRE_EMAIL_VERIFICATION: "false" } },
  (ctx) => {
    it.each(REQUEST_KINDS)("%s: 201", async (kind) => {
      const ana = await signedInUser(ctx(), "ana@agencia.digital", "Ana Souza");
      const answer = await postSample(ctx(), { ...ana, email: "ana@agencia.digital" }, kind);
      expect(answer.statusCode, answer.body).toBe(201);
    });
  },
);
