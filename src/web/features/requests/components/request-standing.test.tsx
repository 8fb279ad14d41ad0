// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RequestKind } from "@/domain/requests/kinds";
import { type RequestStanding, reviewMessages } from "@/domain/requests/review-api";
import { REQUEST_STATE_LABELS } from "@/domain/requests/workflow";
import { RequestStandingPanel } from "./request-standing";

/*
 * The 'Situação' panel of a request's page, given the standing the server
 * sends: the state's label, with whom it is, who took it, the second approval
 * awaited, the requester (for reviewers), the flags, and a button for each move
 * offered and no other. `fetch` records what a move sends.
 */

const ID = "3f0a6f1e-2b8c-4d71-9e5a-6c1d2b3a4f50";
const DAY = 24 * 60 * 60 * 1000;

let calls: { url: string; method: string; body: unknown }[] = [];
const realFetch = globalThis.fetch;

beforeEach(() => {
  calls = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : init?.body;
    calls.push({ url: String(input), method: init?.method ?? "GET", body });
    return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
});

afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

function standing(changes: Partial<RequestStanding> = {}): RequestStanding {
  return {
    papel: "revisor",
    status: "em_analise",
    desde: new Date(Date.now() - 2 * DAY - 60 * 60 * 1000).toISOString(),
    equipes: ["Financeiro"],
    responsavel: null,
    aguardandoAprovacaoDe: null,
    solicitante: { nome: "Bruno Lima", email: "bruno@agencia.digital" },
    versao: 7,
    acoes: [],
    podeNotaInterna: true,
    alertas: [],
    linhaDoTempo: [],
    linhaDoTempoAnteriores: false,
    motivoAjuste: null,
    prazo: null,
    ...changes,
  };
}

function renderPanel(state: RequestStanding, tipo: RequestKind = "reembolso") {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RequestStandingPanel
          tipo={tipo}
          id={ID}
          standing={state}
          dados={{ valor: 15_000, chavePix: null }}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole("region", { name: "Situação" });
}

const actionNames = (panel: HTMLElement) =>
  within(within(panel).getByRole("group", { name: "Ações" }))
    .getAllByRole("button")
    .map((button) => button.textContent);

describe("the 'Situação' panel, for a reviewer", () => {
  const flagged = standing({
    responsavel: { id: "u-ana", nome: "Ana Souza" },
    aguardandoAprovacaoDe: "Diretoria",
    alertas: [
      {
        tipo: "primeira_solicitacao",
        rotulo: "Primeira solicitação",
        explicacao: "A primeira desta pessoa.",
      },
      { tipo: "acima_do_limite", rotulo: "Acima do limite", explicacao: "Passa do limite do mês." },
    ],
    acoes: [
      { acao: "aprovar", label: "Aprovar", precisaMotivo: false },
      { acao: "recusar", label: "Recusar", precisaMotivo: true },
    ],
  });

  it("shows the state, the team awaited, who holds it and the requester", () => {
    const panel = renderPanel(flagged);
    expect(within(panel).getByText(REQUEST_STATE_LABELS.em_analise)).toBeTruthy();
    // The second approval's team is the one it is with, not the team that took it.
    expect(within(panel).getByText("Com Diretoria há 2 dias")).toBeTruthy();
    expect(within(panel).queryByText(/Com Financeiro/)).toBeNull();
    expect(within(panel).getByText(reviewMessages.secondApproval("Diretoria"))).toBeTruthy();
    expect(within(panel).getByText("Responsável:").textContent).toBe("Responsável: Ana Souza");
    expect(within(panel).getByText("Solicitante:").textContent).toBe(
      "Solicitante: Bruno Lima (bruno@agencia.digital)",
    );
  });

  it("lists each flag with its label and explanation", () => {
    const panel = renderPanel(flagged);
    const flags = within(within(panel).getByRole("list", { name: "Alertas" })).getAllByRole("listitem");
    expect(flags.map((flag) => flag.textContent)).toEqual([
      "Primeira solicitação. A primeira desta pessoa.",
      "Acima do limite. Passa do limite do mês.",
    ]);
  });

  it("offers only the moves the server allows, in its order", () => {
    const panel = renderPanel(flagged);
    expect(actionNames(panel)).toEqual(["Aprovar", "Recusar"]);
    expect(within(panel).queryByRole("button", { name: "Assumir" })).toBeNull();
    expect(within(panel).queryByRole("button", { name: "Marcar como pago" })).toBeNull();
  });

  it("sends a move that asks nothing at once, with the version the reader saw", async () => {
    const user = userEvent.setup();
    const panel = renderPanel(
      standing({ acoes: [{ acao: "assumir", label: "Assumir", precisaMotivo: false }] }),
    );
    await user.click(within(panel).getByRole("button", { name: "Assumir" }));
    await waitFor(() => expect(calls.filter((call) => call.url.endsWith("/acoes"))).toHaveLength(1));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.find((call) => call.url.endsWith("/acoes"))).toEqual({
      url: `/api/solicitacoes/reembolso/${ID}/acoes`,
      method: "POST",
      body: { acao: "assumir", versao: 7 },
    });
  });

  it("names every team that has it when no second approval is awaited, and shows the deadline", () => {
    const panel = renderPanel(
      standing({
        status: "pendente",
        equipes: ["Financeiro", "Suporte", "RH"],
        prazo: { situacao: "atrasada", pausado: false, restanteMinutos: -120 },
      }),
    );
    expect(within(panel).getByText(REQUEST_STATE_LABELS.pendente)).toBeTruthy();
    expect(within(panel).getByText("Com Financeiro, Suporte e RH há 2 dias")).toBeTruthy();
    expect(within(panel).getByText("Atrasada há 2 h úteis")).toBeTruthy();
    expect(within(panel).queryByText(/Responsável:/)).toBeNull();
    expect(within(panel).queryByText(/Aguardando aprovação de/)).toBeNull();
  });
});

describe("the 'Situação' panel, for the requester", () => {
  it("leaves out the requester's own name, the flags, and 'Ações' when no move is offered", () => {
    const panel = renderPanel(
      standing({ papel: "solicitante", status: "pago", desde: "2026-03-12T15:00:00.000Z", equipes: [] }),
    );
    expect(within(panel).getByText(REQUEST_STATE_LABELS.pago)).toBeTruthy();
    expect(within(panel).getByText("Pago em 12/03/2026")).toBeTruthy();
    expect(within(panel).queryByText(/Solicitante:/)).toBeNull();
    expect(within(panel).queryByRole("list", { name: "Alertas" })).toBeNull();
    expect(within(panel).queryByRole("group", { name: "Ações" })).toBeNull();
    expect(within(panel).queryAllByRole("button")).toEqual([]);
  });

  it("says it is with them while it waits on an adjustment, and 'Reenviar' is a link to the edit page", () => {
    const panel = renderPanel(
      standing({
        papel: "solicitante",
        status: "aguardando_ajuste",
        responsavel: { id: "u-ana", nome: "Ana Souza" },
        prazo: { situacao: "no_prazo", pausado: true, restanteMinutos: null },
        acoes: [
          { acao: "reenviar", label: "Reenviar", precisaMotivo: false },
          { acao: "cancelar", label: "Cancelar solicitação", precisaMotivo: false },
        ],
      }),
      "suporte",
    );
    expect(within(panel).getByText(REQUEST_STATE_LABELS.aguardando_ajuste)).toBeTruthy();
    expect(within(panel).getByText("Com você há 2 dias")).toBeTruthy();
    expect(within(panel).getByText("No prazo (pausado)")).toBeTruthy();
    expect(within(panel).getByText("Responsável:").textContent).toBe("Responsável: Ana Souza");
    const link = within(panel).getByRole("link", { name: "Reenviar" });
    expect(link.getAttribute("href")).toBe(`/solicitacoes/suporte/${ID}/editar`);
    expect(actionNames(panel)).toEqual(["Cancelar solicitação"]);
  });

  it("reads 'Com o solicitante' to a reviewer for the same state", () => {
    const panel = renderPanel(standing({ status: "aguardando_ajuste" }));
    expect(within(panel).getByText("Com o solicitante há 2 dias")).toBeTruthy();
  });
});
