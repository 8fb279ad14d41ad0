import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { serializedOnce } from "./serialized-once";

type Person = { id: string; name: string; secret: string };

it("serializes an object once, through the route's own response schema, and a new object anew", async () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const send = serializedOnce<Person>();
  let answers = 0;
  let current: Person = { id: "1", name: "Ana", secret: "s" };
  app.get(
    "/p",
    { schema: { response: { 200: z.object({ person: z.object({ id: z.string(), name: z.string() }) }) } } },
    async (_request, reply) =>
      send(reply, current, (person) => {
        answers += 1;
        return { person };
      }),
  );
  const get = () => app.inject({ url: "/p" });

  const first = await get();
  expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");
  // The schema's stripping applies: what it does not name never leaves.
  expect(first.json()).toEqual({ person: { id: "1", name: "Ana" } });
  expect((await get()).body).toBe(first.body);
  expect(answers).toBe(1);

  current = { ...current, name: "Ana Souza" };
  expect((await get()).json()).toEqual({ person: { id: "1", name: "Ana Souza" } });
  expect(answers).toBe(2);
  await app.close();
});

it("an answer the schema refuses is a 500, as without it, and nothing is kept", async () => {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const send = serializedOnce<{ n: unknown }>();
  const key = { n: "not a number" as unknown };
  app.get("/n", { schema: { response: { 200: z.object({ n: z.number() }) } } }, async (_request, reply) =>
    send(reply, key, (k) => k),
  );
  expect((await app.inject({ url: "/n" })).statusCode).toBe(500);
  key.n = 1;
  // Nothing was stored for the refused object, so the next call serializes again.
  expect((await app.inject({ url: "/n" })).json()).toEqual({ n: 1 });
  await app.close();
});

describe.each([{ on: true }, { on: false }])("serializedOnce($on)", ({ on }) => {
  /** A sync handler and an async one, each answering a key in hand or a promise of one. */
  async function appWith(key: () => Person | Promise<Person>) {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const schema = { response: { 200: z.object({ id: z.string(), name: z.string() }) } };
    // As compression does with a large answer: the reply is still on its way when the handler returns.
    app.addHook("onSend", (_request, _reply, payload, done) => setImmediate(() => done(null, payload)));
    const send = serializedOnce<Person>(on);
    app.get("/sync", { schema }, (_request, reply) => send(reply, key()));
    app.get("/async", { schema }, async (_request, reply) => send(reply, key()));
    await app.ready();
    return app;
  }
  const ana: Person = { id: "1", name: "Ana", secret: "s" };

  it.each(["/sync", "/async"])("%s: sends a key in hand or one still to be read alike", async (url) => {
    for (const key of [() => ana, async () => ana]) {
      const app = await appWith(key);
      const answer = await app.inject({ url });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(answer.body).toBe('{"id":"1","name":"Ana"}');
      await app.close();
    }
  });

  it.each(["/sync", "/async"])("%s: a key that cannot be read goes to the error handler", async (url) => {
    const app = await appWith(() => Promise.reject(new Error("database down")));
    const answer = await app.inject({ url });
    expect(answer.statusCode).toBe(500);
    expect(answer.body).not.toContain('"name"');
    await app.close();
  });
});
