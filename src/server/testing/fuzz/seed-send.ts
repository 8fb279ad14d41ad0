import { multipartBody } from "../multipart";
import type { TestContext } from "../test-app";
import type { Examples } from "./call-arbitrary";
import type { Marker } from "./ownership";

/*
 * Who the fuzzer's seed data belongs to, and how it is sent: through the API, each body kept as
 * an example the fuzzer starts from, without the markers of texts only some people may read.
 */

export const PEOPLE = {
  alice: { email: "alice@agencia.digital", name: "Alice Andrade" },
  bob: { email: "bruno@agencia.digital", name: "Bruno Barros" },
  rita: { email: "rita@agencia.digital", name: "Rita Revisora" },
  fabio: { email: "fabio@agencia.digital", name: "Fábio Financeiro" },
  rui: { email: "rui@agencia.digital", name: "Rui Recursos" },
  carla: { email: "carla@agencia.digital", name: "Carla Compras" },
  admin: { email: "admin@agencia.digital", name: "Ana Administradora" },
  paula: { email: "planejamento@agencia.digital", name: "Paula Planejadora" },
} as const;

export type PersonKey = keyof typeof PEOPLE;

/** The app's configuration for the fuzzer: who administers and who manages openings and plans. */
export const FUZZ_ENV = {
  ADMIN_EMAILS: PEOPLE.admin.email,
  PLANNING_MANAGERS: `${PEOPLE.paula.email},${PEOPLE.admin.email}`,
  VAGAS_MANAGERS: `vagas@agencia.digital,${PEOPLE.admin.email}`,
  // Queued for an automation that is never called (the outbox worker does not run in tests): each
  // reimbursement's webhook then holds signed download links of its files, as a receiver gets them.
  WEBHOOK_REEMBOLSO_URL: "http://127.0.0.1:9/reembolso",
};

export type Seeded = {
  people: Record<PersonKey, { userId: string; cookie: string }>;
  examples: Examples;
  markers: Marker[];
  sharedPlanId: string;
  shareToken: string;
  /** Signed download links of files, as the automation receives them. */
  signedLinks: SignedLink[];
};

export type SignedLink = { id: string; expires: string; signature: string };

export const MARKER = /sigilo-[\w-]+|nota-interna-\d+|plano-privado-\d+/g;

export type Send = (
  who: PersonKey | null,
  method: "POST" | "PUT" | "PATCH",
  template: string,
  url: string,
  body: Record<string, unknown>,
  multipart?: { files: { field?: string; name: string; type: string; content: Uint8Array | string }[] },
) => Promise<Record<string, unknown>>;

export function sender(ctx: TestContext, seeded: Seeded): Send {
  return async (who, method, template, url, body, multipart) => {
    const cookie = who ? { cookie: seeded.people[who].cookie } : {};
    const key = `${method} ${template}`;
    const entry = seeded.examples.get(key) ?? {};
    seeded.examples.set(key, entry);
    // Kept without markers: a call made from an example must not carry a text its actor may not read.
    const example = JSON.parse(JSON.stringify(body).replace(MARKER, "texto comum"));
    let answer: Awaited<ReturnType<TestContext["app"]["inject"]>>;
    if (multipart) {
      const form = await multipartBody(body as Record<string, string>, multipart.files);
      answer = await ctx.app.inject({
        method,
        url,
        headers: { ...cookie, ...form.headers },
        payload: form.payload,
      });
      entry.multipart = [...(entry.multipart ?? []), example];
      entry.fileField ??= multipart.files[0]?.field;
    } else {
      answer = await ctx.app.inject({ method, url, headers: cookie, payload: body });
      entry.json = [...(entry.json ?? []), example];
    }
    if (answer.statusCode >= 300)
      throw new Error(`seed: ${key} answered ${answer.statusCode}: ${answer.body}`);
    return answer.body ? (answer.json() as Record<string, unknown>) : {};
  };
}
