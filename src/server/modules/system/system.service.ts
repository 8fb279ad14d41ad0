import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { pingDatabase } from "./system.queries";

export type Readiness = { status: "ok" | "unavailable"; database: Database["kind"] };

/** Liveness and readiness, for the load balancer and the orchestrator. */
export function createSystemService(deps: { database: Database }) {
  const { database } = deps;

  /** Ready when the database answers. */
  async function readiness(log: FastifyBaseLogger): Promise<Readiness> {
    try {
      await pingDatabase(database);
      return { status: "ok", database: database.kind };
    } catch (err) {
      log.error({ err }, "readiness check: database unreachable");
      return { status: "unavailable", database: database.kind };
    }
  }

  return { readiness };
}

export type SystemService = ReturnType<typeof createSystemService>;
