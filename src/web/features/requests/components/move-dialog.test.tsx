// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { financeMessages } from "@/domain/finance/payment";
import type { RequestKind } from "@/domain/requests/kinds";
import { type RequestStanding, reviewMessages } from "@/domain/requests/review-api";
import { RequestStandingPanel } from "./request-standing";

/*
 * The move's dialog as a reviewer or a requester uses it, over the real
 * standing panel, its mutation and the API client: the browser's `fetch` is a
 * recorder that answers as the server would, so what is sent is what is checked.
 */

const ID = "7d1c2a54-5b8e-4f6e-9a57-0c9e3c2b1a10";

type Call = { url: string; method: string; body: unknown };
let calls: Call[] = [];
const realFetch = globalThis.fetch;

beforeEach(() => {
  calls = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : init?.body;
    calls.push({ url: String(input), method: init?.method ?? "GET", body });
    return new Response(JSON.stringify({}), { status: 200, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
});

afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

function standing(changes: Partial<RequestStanding>): RequestStanding {
  return {
    papel: "solicitante",
    status: "resolvido",
    desde: "2026-11-19T12:00:00.000Z",
    equipes: [],
    responsavel: null,
    aguardandoAprovacaoDe: null,
    solicitante: { nome: "Bruno Lima", email: "bruno@agencia.digital" },
    versao: 4,
    acoes: [],
    podeNotaInterna: false,
    alertas: [],
    linhaDoTempo: [],
    linhaDoTempoAnteriores: false,
    motivoAjuste: null,
    prazo: null,
    ...changes,
  };
}

function renderPanel(tipo: RequestKind, state: RequestStanding, dados: Record<string, unknown> = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RequestStandingPanel tipo={tipo} id={ID} standing={state} dados={dados} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Opens the move's dialog from its button among 'Ações'. */
async function open(user: ReturnType<typeof userEvent.setup>, action: string) {
  await user.click(
    within(screen.getByRole("group", { name: "Ações" })).getByRole("button", { name: action }),
  );
  return screen.findByRole("dialog");
}

const actionCalls = () => calls.filter((call) => call.url.endsWith("/acoes"));

describe("the move dialog", () => {
  const reopen = standing({ acoes: [{ acao: "reabrir", label: "Reabrir", precisaMotivo: true }] });

  it("does not send a move that needs a reason without one, and says so under the field", async () => {
    const user = userEvent.setup();
    renderPanel("suporte", reopen);
    const dialog = await open(user, "Reabrir");
    expect(
      within(dialog).getByText("O motivo vai para o solicitante e fica na linha do tempo."),
    ).toBeTruthy();

    await user.click(within(dialog).getByRole("button", { name: "Reabrir" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toBe(reviewMessages.reasonRequired);
    const reason = within(dialog).getByLabelText("Motivo");
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    // Blanks are no reason either.
    await user.type(reason, "   ");
    await user.click(within(dialog).getByRole("button", { name: "Reabrir" }));
    expect(within(dialog).getByRole("alert").textContent).toBe(reviewMessages.reasonRequired);
    expect(actionCalls()).toEqual([]);
  });

  it("sends a valid move to the request's actions with the move, the version seen and the reason", async () => {
    const user = userEvent.setup();
    renderPanel("suporte", reopen);
    const dialog = await open(user, "Reabrir");
    await user.type(within(dialog).getByLabelText("Motivo"), "  Continua vazio hoje de manhã. ");
    await user.click(within(dialog).getByRole("button", { name: "Reabrir" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(actionCalls()).toEqual([
      {
        url: `/api/solicitacoes/suporte/${ID}/acoes`,
        method: "POST",
        body: { acao: "reabrir", versao: 4, motivo: "Continua vazio hoje de manhã." },
      },
    ]);
  });

  it("approving a reimbursement for less than asked needs a reason, and sends the value in cents", async () => {
    const user = userEvent.setup();
    const flagged = standing({
      papel: "revisor",
      status: "em_analise",
      acoes: [{ acao: "aprovar", label: "Aprovar", precisaMotivo: false }],
      alertas: [
        {
          tipo: "primeira_solicitacao",
          rotulo: "Primeira solicitação",
          explicacao: "A primeira desta pessoa.",
        },
      ],
    });
    renderPanel("reembolso", flagged, { valor: 15_000, chavePix: null });
    const dialog = await open(user, "Aprovar");
    const value = within(dialog).getByLabelText("Valor aprovado") as HTMLInputElement;
    expect(value.value).toBe("R$\u00a0150,00");
    expect(within(dialog).getByLabelText("Motivo (opcional)")).toBeTruthy();

    await user.clear(value);
    await user.type(value, "10000");
    await user.click(within(dialog).getByRole("button", { name: "Aprovar" }));
    const alerts = (await within(dialog).findAllByRole("alert")).map((alert) => alert.textContent);
    expect(alerts).toEqual([financeMessages.flagsUnconfirmed, financeMessages.partialNeedsReason]);
    expect(actionCalls()).toEqual([]);

    await user.type(within(dialog).getByLabelText("Motivo"), "Só a ida");
    await user.click(within(dialog).getByRole("checkbox", { name: "Verifiquei os alertas e quero aprovar" }));
    await user.click(within(dialog).getByRole("button", { name: "Aprovar" }));
    await waitFor(() => expect(actionCalls()).toHaveLength(1));
    expect(actionCalls()[0]?.body).toEqual({
      acao: "aprovar",
      versao: 4,
      motivo: "Só a ida",
      valorAprovado: 10_000,
      confirmarAlertas: true,
    });
  });
});
