// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { REQUEST_KIND_REGISTRY } from "@/domain/requests/kinds";
import { REQUEST_STATE_LABELS, workflowStates } from "@/domain/requests/workflow";
import { kindLabel } from "../lib/kinds";
import { QueueFilterBar, useQueueFilters } from "./queue-filters";

/*
 * The filters of 'Caixa de entrada' as a reviewer uses them: each choice is
 * written to the address under the API's own names (tipo, status, solicitante,
 * de, ate, busca), so a reload or 'Voltar' keeps it and the queue's query
 * reads it; 'Limpar' takes them all away.
 */

afterEach(cleanup);

/** The requester and the search words reach the address 300 ms after the last key; a loaded machine may take longer. */
const settled = { timeout: 5_000 };

/** The queue's page without its list: the bar, the hook, and the address shown. */
function Harness() {
  const { filters, set, clear } = useQueueFilters();
  const location = useLocation();
  return (
    <>
      <QueueFilterBar
        filters={filters}
        set={set}
        clear={clear}
        filtered={Object.values(filters).some(Boolean)}
      />
      <output aria-label="Endereço">{location.search}</output>
      <output aria-label="Filtros lidos">{JSON.stringify(filters)}</output>
    </>
  );
}

function setup(search = "") {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[`/caixa${search}`]}>
      <Harness />
    </MemoryRouter>,
  );
  return user;
}

/** The address's search params as an object. */
const address = () =>
  Object.fromEntries(new URLSearchParams(screen.getByRole("status", { name: "Endereço" }).textContent ?? ""));
const read = () => JSON.parse(screen.getByRole("status", { name: "Filtros lidos" }).textContent ?? "{}");

async function choose(user: ReturnType<typeof userEvent.setup>, select: string, option: string) {
  await user.click(screen.getByRole("combobox", { name: select }));
  await user.click(await screen.findByRole("option", { name: option }));
}

const clearButton = () => screen.getByRole("button", { name: "Limpar" }) as HTMLButtonElement;

describe("the queue's filters", () => {
  it("start empty: all kinds, open requests, and nothing to clear", () => {
    setup();
    expect(screen.getByRole("group", { name: "Filtros" })).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Tipo" }).textContent).toBe("Todos os tipos");
    expect(screen.getByRole("combobox", { name: "Situação" }).textContent).toBe("Em aberto");
    expect(screen.getByRole("button", { name: "Enviadas de dd/mm/aaaa" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "até dd/mm/aaaa" })).toBeTruthy();
    expect(clearButton().disabled).toBe(true);
    expect(address()).toEqual({});
  });

  it("write the kind as 'tipo' and the state as 'status'", async () => {
    const user = setup();
    await choose(user, "Tipo", kindLabel("reembolso"));
    expect(address()).toEqual({ tipo: "reembolso" });
    await choose(user, "Situação", REQUEST_STATE_LABELS.pago);
    expect(address()).toEqual({ tipo: "reembolso", status: "pago" });
    expect(screen.getByRole("combobox", { name: "Situação" }).textContent).toBe("Pago");
    expect(clearButton().disabled).toBe(false);

    // 'Todos os tipos' takes the kind away and keeps the state.
    await choose(user, "Tipo", "Todos os tipos");
    expect(address()).toEqual({ status: "pago" });
  });

  it("offer only the chosen kind's states, and drop a state the new kind does not have", async () => {
    const user = setup("?status=pago");
    const support = workflowStates(REQUEST_KIND_REGISTRY.suporte.workflow);
    expect(support).not.toContain("pago");

    await choose(user, "Tipo", kindLabel("suporte"));
    expect(address()).toEqual({ tipo: "suporte" });
    await user.click(screen.getByRole("combobox", { name: "Situação" }));
    const offered = (await screen.findAllByRole("option")).map((option) => option.textContent);
    expect(offered).toEqual(["Em aberto", ...support.map((state) => REQUEST_STATE_LABELS[state])]);
  });

  it("write the requester and the search words a moment after typing, trimmed", async () => {
    const user = setup();
    await user.type(screen.getByRole("searchbox", { name: "Solicitante" }), "  bruno ");
    await waitFor(() => expect(address()).toEqual({ solicitante: "bruno" }), settled);
    await user.type(screen.getByRole("searchbox", { name: "Buscar" }), "passagem aérea");
    await waitFor(
      () => expect(address()).toEqual({ solicitante: "bruno", busca: "passagem aérea" }),
      settled,
    );

    // Emptied, the requester leaves the address.
    await user.clear(screen.getByRole("searchbox", { name: "Solicitante" }));
    await waitFor(() => expect(address()).toEqual({ busca: "passagem aérea" }), settled);
  });

  it("write the days as 'de' and 'ate' (yyyy-mm-dd), shown as dd/mm/aaaa, each bounded by the other", async () => {
    const user = setup("?de=2025-06-10&ate=2025-06-20");
    expect(screen.getByRole("button", { name: "Enviadas de 10/06/2025" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "até 20/06/2025" }));
    const calendar = await screen.findByRole("dialog", { name: "Escolha a data final" });
    // Before 'de' cannot be chosen.
    const ninth = within(calendar).getByRole("button", { name: /, 9 de junho de 2025/ }) as HTMLButtonElement;
    expect(ninth.disabled).toBe(true);
    await user.click(within(calendar).getByRole("button", { name: /, 15 de junho de 2025/ }));
    expect(address()).toEqual({ de: "2025-06-10", ate: "2025-06-15" });
    expect(screen.getByRole("button", { name: "até 15/06/2025" })).toBeTruthy();

    // 'Limpar data' takes one date away.
    await user.click(screen.getByRole("button", { name: "Enviadas de 10/06/2025" }));
    const first = await screen.findByRole("dialog", { name: "Escolha a data inicial" });
    await user.click(within(first).getByRole("button", { name: "Limpar data" }));
    expect(address()).toEqual({ ate: "2025-06-15" });
    expect(screen.getByRole("button", { name: "Enviadas de dd/mm/aaaa" })).toBeTruthy();
  });

  it("'Limpar' takes every filter away, from the address and from the controls", async () => {
    const user = setup(
      "?tipo=reembolso&status=pago&solicitante=bruno&de=2025-06-10&ate=2025-06-20&busca=hotel",
    );
    expect(read()).toEqual({
      tipo: "reembolso",
      status: "pago",
      solicitante: "bruno",
      de: "2025-06-10",
      ate: "2025-06-20",
      busca: "hotel",
    });
    expect((screen.getByRole("searchbox", { name: "Solicitante" }) as HTMLInputElement).value).toBe("bruno");

    await user.click(clearButton());
    expect(address()).toEqual({});
    expect(read()).toEqual({});
    expect(screen.getByRole("combobox", { name: "Tipo" }).textContent).toBe("Todos os tipos");
    expect(screen.getByRole("combobox", { name: "Situação" }).textContent).toBe("Em aberto");
    expect((screen.getByRole("searchbox", { name: "Solicitante" }) as HTMLInputElement).value).toBe("");
    expect((screen.getByRole("searchbox", { name: "Buscar" }) as HTMLInputElement).value).toBe("");
    expect(screen.getByRole("button", { name: "Enviadas de dd/mm/aaaa" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "até dd/mm/aaaa" })).toBeTruthy();
    expect(clearButton().disabled).toBe(true);
  });

  it("ignore what the API would refuse in a hand-written address", () => {
    setup("?tipo=nao-e-um-tipo&status=voando&de=31/02/2026&ate=2026-02-31&solicitante=%20%20&busca=");
    expect(read()).toEqual({});
    expect(clearButton().disabled).toBe(true);
  });
});
