import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";

/**
 * Routes that read a multipart form, registered in a scope of their own with @fastify/multipart
 * (docs/decisions/071). The plugin adds an `onRequest` hook (a 'close' listener on the answer) and
 * an `onResponse` one (its temporary files' clean-up), and a hook added at the top level runs on
 * every route of the app, the ones registered before it too: registered once for all, they ran on
 * every answer, `GET /api/me` included. Elsewhere a multipart body is 415, as any type no route
 * there reads.
 */
export async function formRoutes(app: FastifyInstance, routes: (forms: FastifyInstance) => void) {
  await app.register(async (forms) => {
    await forms.register(multipart, { throwFileSizeLimit: true });
    routes(forms);
  });
}
