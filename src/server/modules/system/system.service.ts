import type { Readiness } from "@/domain/system/api";
import type { Database } from "../../db/client";
import type { RequestContext } from "../../http/request-context";
import { pingDatabase } from "./system.queries";

/** Liveness and readiness, for the load balancer and the orchestrator. */
export function createSystemService(deps: { database: Database }) {
  const { database } = deps;

  /** Ready when the database answers. */
  async function readiness(context: RequestContext): Promise<Readiness> {
    try {
      await pingDatabase(database);
      return { status: "ok", database: database.kind };
    } catch (err) {
      context.log.error({ err }, "readiness check: database unreachable");
      return { status: "unavailable", database: database.kind };
    }
  }

  return { readiness };
}

export type SystemService = ReturnType<typeof createSystemService>;
