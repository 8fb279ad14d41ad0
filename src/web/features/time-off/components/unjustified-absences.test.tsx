// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { todayInSaoPaulo } from "@/domain/dates";
import { vacationMessages } from "@/domain/time-off/vacation-api";
import { LazyToaster } from "@/web/components/ui/lazy-toaster";
import { letClosingToastsFinish } from "@/web/testing/toasts";
import { UnjustifiedAbsences } from "./unjustified-absences";

/*
 * 'Registrar falta' (CLT art. 130) through the form kit: today by default, the
 * day sent with the row's person as the server's schema gives it, the server's
 * field message under the day, and 'Falta registrada'.
 */

type Call = { url: string; method: string; body: unknown };
let calls: Call[] = [];
let refuse = false;
const realFetch = globalThis.fetch;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  calls = [];
  refuse = false;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : init?.body;
    calls.push({ url: String(input), method, body });
    if (method === "GET") return json(200, { faltas: [] });
    if (refuse) return json(400, { message: "Dados inválidos", fields: { data: "Dia fora do período" } });
    return json(201, { id: "f-1", data: (body as { data: string }).data, observacao: null });
  }) as typeof fetch;
});

letClosingToastsFinish();

afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

function setup() {
  const user = userEvent.setup();
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <UnjustifiedAbsences email="ana@agencia.digital" />
      <LazyToaster />
    </QueryClientProvider>,
  );
  const posts = () => calls.filter((call) => call.method === "POST");
  const record = () => user.click(screen.getByRole("button", { name: "Registrar falta" }));
  return { posts, record };
}

describe("'Registrar falta'", () => {
  it("sends today for the row's person, and says 'Falta registrada'", async () => {
    const { posts, record } = setup();
    const day = screen.getByRole("button", { name: /Falta injustificada em/ });
    expect(day.id).toBe("falta-ana-agencia-digital");
    await record();
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({
      email: "ana@agencia.digital",
      data: todayInSaoPaulo(),
      observacao: null,
    });
    expect(await screen.findByText(vacationMessages.absenceRecorded)).toBeTruthy();
  });

  it("puts the server's message under the day", async () => {
    const { posts, record } = setup();
    refuse = true;
    await record();
    expect(await screen.findByText("Dia fora do período")).toBeTruthy();
    expect(posts()).toHaveLength(1);
    const day = screen.getByRole("button", { name: /Falta injustificada em/ });
    expect(day.getAttribute("aria-invalid")).toBe("true");
  });
});
