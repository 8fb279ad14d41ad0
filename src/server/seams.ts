import { z } from "zod";

/*
 * The server's performance machinery, each piece behind one named seam with an off switch
 * (docs/bench.md, "Seams and their off switches"). Off, the app is plain Fastify and better-auth:
 * the same answers, only slower, so a newcomer can change a route without knowing the machinery,
 * and the API suite passes with every switch off (`npm run test:plain`). The build has its own
 * two switches (build/vite-plugins/switches.ts).
 */

/** `on` (the default) or `off`; what each does is in config-descriptions.ts and docs/bench.md. */
const onOff = z
  .enum(["on", "off"], { error: "must be on or off" })
  .default("on")
  .transform((value) => value === "on");

/** The switches, as environment variables; validated with the rest of the server's config. */
export const SeamSwitchesSchema = z.object({
  BALCAO_COMPRESSION: onOff,
  BALCAO_FIRST_PAGES: onOff,
  BALCAO_QUIET_AUTH_CONTEXT: onOff,
  BALCAO_SERIALIZE_ONCE: onOff,
});

export type Seams = {
  compression: boolean;
  firstPages: boolean;
  quietAuthContext: boolean;
  serializeOnce: boolean;
};

export function seamsOf(env: z.infer<typeof SeamSwitchesSchema>): Seams {
  return {
    compression: env.BALCAO_COMPRESSION,
    firstPages: env.BALCAO_FIRST_PAGES,
    quietAuthContext: env.BALCAO_QUIET_AUTH_CONTEXT,
    serializeOnce: env.BALCAO_SERIALIZE_ONCE,
  };
}

/**
 * The switches the environment sets, and only those: test apps take them from the environment
 * (every other setting of theirs is the test's own), so that `npm run test:plain` runs the suite
 * with the machinery off.
 */
export function seamSwitchesIn(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.keys(SeamSwitchesSchema.shape).flatMap((name) => (env[name] ? [[name, env[name]]] : [])),
  );
}

declare module "fastify" {
  interface FastifyInstance {
    /** Which seams are on (config.seams): routes that use one ask here. */
    seams: Seams;
  }
}
