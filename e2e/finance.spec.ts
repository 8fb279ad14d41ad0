import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { personBrowser, sendReimbursement, teamFor } from "./people";
import { signInThroughEmail, uniqueEmail } from "./support";

/*
 * Paying (decision 015): finance pays a batch from 'Lote de pagamento', grouped by
 * person with the PIX keys to copy, and each requester sees Pago live.
 * ADMIN_EMAILS=admin@agencia.digital on the e2e server (global-setup.ts).
 */

/** Taken and approved through the API (the dialog has its own test): a first request is confirmed. */
async function approve(page: Page, id: string) {
  for (const body of [{ acao: "assumir" }, { acao: "aprovar", confirmarAlertas: true }]) {
    const moved = await page.request.post(`/api/solicitacoes/reembolso/${id}/acoes`, { data: body });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}

test("finance pays a batch by person; the requesters see Pago live", async ({
  page,
  browser,
  baseURL,
  signIn,
}, testInfo) => {
  const financeEmail = uniqueEmail("financeiro");
  const bruno = uniqueEmail("bruno");
  await signIn({ name: "Ana Souza" });
  const other = await personBrowser(browser, baseURL);
  const finance = await personBrowser(browser, baseURL);
  try {
    await signInThroughEmail(other.page, { email: bruno, name: "Bruno Lima" });
    await signInThroughEmail(finance.page, { email: financeEmail, name: "Fábio Financeiro" });
    await teamFor(browser, baseURL, [financeEmail], { kinds: ["reembolso"] });
    const taxi = await sendReimbursement(page, testInfo, "Táxi ao cliente", "R$ 45,50", {
      chavePix: "ana.souza@agencia.digital",
    });
    const lunch = await sendReimbursement(page, testInfo, "Almoço com cliente", "R$ 120,00", {
      chavePix: "ana.souza@agencia.digital",
    });
    const train = await sendReimbursement(other.page, testInfo, "Trem para o evento", "R$ 32,00", {
      chavePix: "+5511988887777",
    });
    for (const id of [taxi, lunch, train]) await approve(finance.page, id);
    await page.goto(`/solicitacoes/reembolso/${lunch}`);
    await expect(page.getByRole("region", { name: "Situação" })).toContainText("Aprovado");

    await finance.page.goto("/caixa");
    await finance.page.getByRole("link", { name: "Lote de pagamento" }).click();
    await expect(finance.page.getByRole("heading", { level: 1, name: "Lote de pagamento" })).toBeVisible();
    const people = finance.page.getByRole("list", { name: "Pessoas a pagar" });
    const ana = people.locator(":scope > li").filter({ hasText: "Ana Souza" });
    const brunoCard = people.locator(":scope > li").filter({ hasText: "Bruno Lima" });
    await expect(ana).toContainText("R$ 165,50");
    await expect(ana).toContainText("ana.souza@agencia.digital");
    await expect(brunoCard).toContainText("R$ 32,00");
    await expect(brunoCard).toContainText("+5511988887777");

    await ana.getByRole("checkbox", { name: "Escolher tudo de Ana Souza" }).check();
    await brunoCard.getByRole("checkbox", { name: "Escolher tudo de Bruno Lima" }).check();
    await expect(finance.page.getByText("3 solicitações · R$ 197,50")).toBeVisible();
    await finance.page.screenshot({ path: testInfo.outputPath("lote-pagamento.png"), fullPage: true });
    await finance.page.getByRole("button", { name: "Marcar como pagas" }).click();
    await expect(finance.page.getByText("3 solicitações marcadas como pagas")).toBeVisible();
    // Paid, they leave the batch (other walks may have left payments of their own in it).
    await expect(ana).toHaveCount(0);
    await expect(brunoCard).toHaveCount(0);

    // Ana's open page turns Pago by itself, with the date and method; Bruno's too.
    await expect(page.getByRole("region", { name: "Situação" })).toContainText("Pago em");
    await expect(page.getByTestId("timeline")).toContainText("por PIX");
    await other.page.goto(`/solicitacoes/reembolso/${train}`);
    await expect(other.page.getByRole("region", { name: "Situação" })).toContainText("Pago em");
  } finally {
    await other.context.close();
    await finance.context.close();
  }
});

test("from 'Caixa de entrada' finance approves the unflagged requests in one action; a flagged one waits", async ({
  page,
  browser,
  baseURL,
  signIn,
}, testInfo) => {
  const financeEmail = uniqueEmail("financeiro");
  await signIn({ name: "Carla Dias" });
  const finance = await personBrowser(browser, baseURL);
  try {
    await signInThroughEmail(finance.page, { email: financeEmail, name: "Fábio Financeiro" });
    await teamFor(browser, baseURL, [financeEmail], { kinds: ["reembolso"] });
    const first = await sendReimbursement(page, testInfo, "Estacionamento", "R$ 25,00", {
      chavePix: "carla@agencia.digital",
    });
    const second = await sendReimbursement(page, testInfo, "Uber ida", "R$ 38,00", {
      chavePix: "carla@agencia.digital",
    });
    const third = await sendReimbursement(page, testInfo, "Uber volta", "R$ 41,00", {
      chavePix: "carla@agencia.digital",
    });
    for (const id of [first, second, third]) {
      const taken = await finance.page.request.post(`/api/solicitacoes/reembolso/${id}/acoes`, {
        data: { acao: "assumir" },
      });
      expect(taken.status()).toBe(200);
    }

    await finance.page.goto("/caixa?tipo=reembolso");
    const queue = finance.page.getByRole("list", { name: "Caixa de entrada" });
    const flagged = queue.locator(":scope > li").filter({ hasText: "Estacionamento" });
    await expect(flagged).toContainText("Primeira solicitação");
    await expect(flagged.getByRole("checkbox")).toHaveCount(0);
    await queue.getByRole("checkbox", { name: "Escolher Uber ida" }).check();
    await queue.getByRole("checkbox", { name: "Escolher Uber volta" }).check();
    const bar = finance.page.getByRole("region", { name: "Ações em lote" });
    await finance.page.screenshot({ path: testInfo.outputPath("caixa-lote.png"), fullPage: true });
    await bar.getByRole("button", { name: "Aprovar (2)" }).click();
    await expect(finance.page.getByText("2 solicitações aprovadas")).toBeVisible();

    await page.goto(`/solicitacoes/reembolso/${third}`);
    await expect(page.getByRole("region", { name: "Situação" })).toContainText("Aprovado");
    await page.goto(`/solicitacoes/reembolso/${first}`);
    await expect(page.getByRole("region", { name: "Situação" })).toContainText("Em análise");
  } finally {
    await finance.context.close();
  }
});
