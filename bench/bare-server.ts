// The throughput ceiling: a bare Fastify route, in its own process so it does not share
// the event loop with autocannon. Run by bench/run.ts with PORT set.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/bare", async () => ({ ok: true }));

const port = Number(process.env.PORT ?? 0);
await app.listen({ host: "127.0.0.1", port });

const stop = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
