// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type RequestStanding, reviewMessages } from "@/domain/requests/review-api";
import { LazyToaster } from "@/web/components/ui/lazy-toaster";
import { letClosingToastsFinish } from "@/web/testing/toasts";
import { RequestTimeline } from "./request-timeline";

/*
 * 'Comentar' under a request's timeline, through the form kit: the shared
 * schema's message under the box when it is blank (nothing sent), the text
 * sent trimmed, 'Nota interna' for reviewers only, the server's refusal of the
 * text under the box, and the box emptied after 'Comentário enviado'.
 */

const ID = "7d1c2a54-5b8e-4f6e-9a57-0c9e3c2b1a10";

type Call = { url: string; method: string; body: unknown };
let calls: Call[] = [];
let answer: () => Response;
const realFetch = globalThis.fetch;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  calls = [];
  answer = () => json(200, {});
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : init?.body;
    calls.push({ url: String(input), method: init?.method ?? "GET", body });
    return answer();
  }) as typeof fetch;
});

letClosingToastsFinish();

afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

function standing(podeNotaInterna: boolean): RequestStanding {
  return {
    papel: podeNotaInterna ? "revisor" : "solicitante",
    status: "pendente",
    desde: "2026-11-19T12:00:00.000Z",
    equipes: [],
    responsavel: null,
    aguardandoAprovacaoDe: null,
    solicitante: { nome: "Bruno Lima", email: "bruno@agencia.digital" },
    versao: 1,
    acoes: [],
    podeNotaInterna,
    alertas: [],
    linhaDoTempo: [],
    linhaDoTempoAnteriores: false,
    motivoAjuste: null,
    prazo: null,
  } as RequestStanding;
}

function setup({ reviewer = false } = {}) {
  const user = userEvent.setup();
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RequestTimeline tipo="reembolso" id={ID} standing={standing(reviewer)} />
      </MemoryRouter>
      <LazyToaster />
    </QueryClientProvider>,
  );
  const box = screen.getByRole("textbox", { name: "Comentar" }) as HTMLTextAreaElement;
  const posts = () => calls.filter((call) => call.method === "POST");
  return { user, box, posts };
}

describe("'Comentar'", () => {
  it("says the schema's message under a blank box, and sends nothing", async () => {
    const { user, box, posts } = setup();
    await user.type(box, "   ");
    await user.click(screen.getByRole("button", { name: "Comentar" }));
    expect((await screen.findByRole("alert")).textContent).toBe(reviewMessages.commentRequired);
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(box.getAttribute("aria-describedby")).toContain("-error");
    expect(posts()).toEqual([]);
    // The message goes as the text changes.
    await user.type(box, "a");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("sends the text trimmed, then empties the box with 'Comentário enviado'", async () => {
    const { user, box, posts } = setup();
    expect(screen.queryByRole("switch", { name: "Nota interna" })).toBeNull();
    await user.type(box, "  Conferido com a fatura.  ");
    await user.click(screen.getByRole("button", { name: "Comentar" }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.url).toContain(`/reembolso/${ID}/comentarios`);
    expect(posts()[0]!.body).toEqual({ texto: "Conferido com a fatura.", interno: false });
    expect(await screen.findByText("Comentário enviado")).toBeTruthy();
    await waitFor(() => expect(box.value).toBe(""));
  });

  it("lets a reviewer write an internal note, which the button and the box say", async () => {
    const { user, box, posts } = setup({ reviewer: true });
    await user.click(screen.getByRole("switch", { name: "Nota interna" }));
    expect(box.getAttribute("placeholder")).toBe("Só a equipe lê esta nota");
    await user.type(box, "Só para a equipe.");
    await user.click(screen.getByRole("button", { name: "Registrar nota" }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({ texto: "Só para a equipe.", interno: true });
    expect(await screen.findByText("Nota interna registrada")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: "Nota interna" }).getAttribute("aria-checked")).toBe("false"),
    );
  });

  it("puts the server's refusal of the text under the box, without a toast", async () => {
    const { user, box, posts } = setup();
    answer = () => json(400, { message: "Dados inválidos", fields: { texto: reviewMessages.tooLong(2000) } });
    await user.type(box, "Texto");
    await user.click(screen.getByRole("button", { name: "Comentar" }));
    expect((await screen.findByRole("alert")).textContent).toBe(reviewMessages.tooLong(2000));
    expect(posts()).toHaveLength(1);
    expect(screen.queryByText("Não foi possível enviar o comentário")).toBeNull();
    expect(box.value).toBe("Texto");
  });
});
