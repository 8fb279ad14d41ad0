/**
 * Starts the built server on the Node.js that runs this script, on a new embedded database, and
 * signs a new person up and in through the API. CI runs the whole suite on Node 24 and this on the
 * system's Node as long as `engines` still admits it (docs/decisions/047):
 *   /usr/bin/node node_modules/tsx/dist/cli.mjs scripts/smoke.ts
 */
import { logIn, newCredentials, register, startBalcao, stopBalcao } from "../bench/lib";

const server = await startBalcao("smoke");
try {
  const person = newCredentials("smoke");
  await register(server.baseUrl, person);
  await logIn(server.baseUrl, person);
  console.log(
    `smoke: Node ${process.version} started Balcão in ${Math.round(server.readyMs)} ms; sign-up and sign-in answered`,
  );
} finally {
  await stopBalcao(server);
}
