import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { personBrowser, receipt, sendReimbursement, teamFor } from "./people";
import { signInThroughEmail, uniqueEmail, waitForMail } from "./support";

/*
 * The review desk end to end (decision 011), with one browser per person: the
 * requester and the team member each see the other's moves without reloading.
 * ADMIN_EMAILS=admin@agencia.digital on the e2e server (global-setup.ts); each
 * test makes a team of its own, so parallel tests never share members.
 */

const standing = (page: Page) => page.getByRole("region", { name: "Situação" });
const actions = (page: Page) => page.getByRole("group", { name: "Ações" });
const timeline = (page: Page) => page.getByTestId("timeline");

/** Clicks a move that asks for a reason (or a result), writes it and confirms. */
async function actWithReason(page: Page, action: string, field: "Motivo" | "Resultado", text: string) {
  await actions(page).getByRole("button", { name: action }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(field, { exact: true }).fill(text);
  await dialog.getByRole("button", { name: action }).click();
  await expect(dialog).toBeHidden();
}

/**
 * 'Aprovar' of a reimbursement opens its dialog (decision 015): the value (less
 * needs a reason), and the flags a first request always has, confirmed.
 */
async function approveInDialog(page: Page, partial?: { valor: string; motivo: string }) {
  await actions(page).getByRole("button", { name: "Aprovar" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("list", { name: "Alertas" })).toContainText("Primeira solicitação");
  if (partial) {
    await dialog.getByLabel("Valor aprovado").fill(partial.valor);
    await dialog.getByRole("button", { name: "Aprovar" }).click();
    await expect(dialog.getByRole("alert").first()).toBeVisible();
    await dialog.getByLabel("Motivo", { exact: true }).fill(partial.motivo);
  }
  await dialog.getByLabel("Verifiquei os alertas e quero aprovar").check();
  await dialog.getByRole("button", { name: "Aprovar" }).click();
  await expect(dialog).toBeHidden();
}

test.describe("the review desk (decision 011)", () => {
  test("a reimbursement: finance asks for an adjustment, the requester edits and resends, finance approves and pays — each sees it live", async ({
    page,
    browser,
    baseURL,
    signIn,
  }, testInfo) => {
    const financeEmail = uniqueEmail("financeiro");
    const requester = await signIn({ name: "Ana Souza" });
    const finance = await personBrowser(browser, baseURL);
    try {
      await signInThroughEmail(finance.page, { email: financeEmail, name: "Fábio Financeiro" });
      const team = await teamFor(browser, baseURL, [financeEmail], { kinds: ["reembolso"] });

      const id = await sendReimbursement(page, testInfo, "Táxi até o cliente");
      await page.goto(`/solicitacoes/reembolso/${id}`);
      await expect(standing(page)).toContainText("Pendente");
      await expect(standing(page)).toContainText(team);

      // Finance hears of it by e-mail and in the bell; the e-mail's link opens the request.
      const mail = await waitForMail(financeEmail, /Nova solicitação: Reembolso/);
      const link = mail.links.find((l) => l.endsWith(`/solicitacoes/reembolso/${id}`));
      expect(link).toBeTruthy();
      await finance.page.goto("/");
      await expect(
        finance.page.getByRole("button", { name: /^Notificações, [1-9][0-9]* não lidas?/ }),
      ).toBeVisible();
      await finance.page.goto(link!);
      await expect(finance.page.getByRole("heading", { level: 1, name: "Reembolso" })).toBeVisible();
      await expect(standing(finance.page)).toContainText(`Solicitante: ${requester.name}`);

      await actions(finance.page).getByRole("button", { name: "Assumir" }).click();
      await expect(standing(finance.page)).toContainText("Em análise");
      await expect(standing(finance.page)).toContainText("Responsável: Fábio Financeiro");
      await actWithReason(finance.page, "Pedir ajuste", "Motivo", "O recibo não mostra a data da corrida.");
      await expect(standing(finance.page)).toContainText("Aguardando ajuste");

      // The requester's open page changes by itself.
      await expect(standing(page)).toContainText("Aguardando ajuste");
      await expect(standing(page)).toContainText("Com você");
      await expect(timeline(page)).toContainText("O recibo não mostra a data da corrida.");

      await actions(page).getByRole("link", { name: "Editar e reenviar" }).click();
      await expect(page).toHaveURL(new RegExp(`/solicitacoes/reembolso/${id}/editar$`));
      await page.getByLabel("Descrição").fill("Táxi até o cliente, recibo com data");
      await page.getByRole("button", { name: "Reenviar" }).click();
      await expect(page).toHaveURL(new RegExp(`/solicitacoes/reembolso/${id}$`));
      await expect(standing(page)).toContainText("Em análise");

      // Finance sees the resent request and what changed, then approves and pays.
      await expect(standing(finance.page)).toContainText("Em análise");
      await expect(timeline(finance.page)).toContainText("Táxi até o cliente, recibo com data");
      await approveInDialog(finance.page);
      await expect(standing(finance.page)).toContainText("Aprovado");
      await expect(standing(page)).toContainText("Aprovado");
      await actions(finance.page).getByRole("button", { name: "Marcar como pago" }).click();
      const pay = finance.page.getByRole("dialog");
      await expect(pay).toContainText("O solicitante não informou chave PIX.");
      await pay.getByRole("button", { name: "Marcar como pago" }).click();
      await expect(pay).toBeHidden();
      await expect(standing(finance.page)).toContainText("Pago");
      await expect(actions(finance.page)).toHaveCount(0);

      // The requester's page shows Pago live, with the whole timeline, oldest first.
      await expect(standing(page)).toContainText("Pago em");
      const entries = timeline(page).locator(":scope > li");
      await expect(entries).toHaveText([
        /Ana Souza enviou a solicitação/,
        /Fábio Financeiro assumiu a solicitação/,
        /Fábio Financeiro pediu ajuste.*O recibo não mostra a data da corrida\./s,
        /Ana Souza editou a solicitação.*Descrição:.*Táxi até o cliente, recibo com data/s,
        /Ana Souza reenviou a solicitação/,
        /Fábio Financeiro aprovou/,
        /Fábio Financeiro marcou como pago/,
      ]);
      // The requester was told of each decision in the bell, live.
      await expect(page.getByRole("button", { name: /^Notificações, [3-9] não lidas/ })).toBeVisible();
    } finally {
      await finance.context.close();
    }
  });

  test("a support ticket: resolved by its department's team, reopened by the requester with a reason", async ({
    page,
    browser,
    baseURL,
    signIn,
  }) => {
    const agentEmail = uniqueEmail("performance");
    const requester = await signIn({ name: "Bruno Lima" });
    const agent = await personBrowser(browser, baseURL);
    try {
      await signInThroughEmail(agent.page, { email: agentEmail, name: "Paula Performance" });
      await teamFor(browser, baseURL, [agentEmail], { departamentos: ["Performance"] });
      const sent = await page.request.post("/api/solicitacoes/suporte", {
        data: {
          nome: requester.name,
          email: requester.email,
          departamento: "Performance",
          assunto: "Painel de campanhas sem dados",
          descricao: "O painel da campanha de março está vazio desde ontem.",
          prioridade: "alta",
        },
      });
      expect(sent.status(), await sent.text()).toBe(201);
      const id = (await sent.json()).id as string;

      await agent.page.goto(`/solicitacoes/suporte/${id}`);
      await actions(agent.page).getByRole("button", { name: "Assumir" }).click();
      await expect(standing(agent.page)).toContainText("Em atendimento");
      await actions(agent.page).getByRole("button", { name: "Resolver" }).click();
      await expect(standing(agent.page)).toContainText("Resolvido");

      await page.goto(`/solicitacoes/suporte/${id}`);
      await expect(standing(page)).toContainText("Resolvido em");
      // A reason is required: the dialog says so before anything is sent.
      await actions(page).getByRole("button", { name: "Reabrir" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("button", { name: "Reabrir" }).click();
      await expect(dialog.getByRole("alert")).toHaveText("Informe o motivo");
      await dialog.getByLabel("Motivo").fill("Continua vazio hoje de manhã.");
      await dialog.getByRole("button", { name: "Reabrir" }).click();
      await expect(dialog).toBeHidden();
      await expect(standing(page)).toContainText("Em atendimento");
      await expect(actions(page)).toHaveCount(0);

      // The agent sees the reopening, and its reason, without reloading.
      await expect(standing(agent.page)).toContainText("Em atendimento");
      await expect(timeline(agent.page)).toContainText("Bruno Lima reabriu o chamado");
      await expect(timeline(agent.page)).toContainText("Continua vazio hoje de manhã.");
    } finally {
      await agent.context.close();
    }
  });

  test("a page analysis: marketing concludes it with the result and a report file; the requester reads both live", async ({
    page,
    browser,
    baseURL,
    signIn,
  }, testInfo) => {
    const analystEmail = uniqueEmail("marketing");
    await signIn({ name: "Carla Dias" });
    const analyst = await personBrowser(browser, baseURL);
    try {
      await signInThroughEmail(analyst.page, { email: analystEmail, name: "Mara Marketing" });
      await teamFor(browser, baseURL, [analystEmail], { kinds: ["seo"] });
      const sent = await page.request.post("/api/solicitacoes/seo", {
        data: { url: "https://www.exemplo.com.br/produtos", tipoAnalise: "analise-tecnica" },
      });
      expect([200, 201], await sent.text()).toContain(sent.status());
      const id = (await sent.json()).id as string;
      await page.goto(`/solicitacoes/seo/${id}`);
      await expect(standing(page)).toContainText("Pendente");

      await analyst.page.goto(`/solicitacoes/seo/${id}`);
      await actions(analyst.page).getByRole("button", { name: "Assumir" }).click();
      await expect(standing(analyst.page)).toContainText("Em análise");
      await actions(analyst.page).getByRole("button", { name: "Concluir" }).click();
      const dialog = analyst.page.getByRole("dialog");
      const picker = dialog.getByLabel("Arquivo do resultado (opcional)");
      // A file the rules refuse is named on its row, and nothing is sent.
      await picker.setInputFiles({ name: "notas.txt", mimeType: "text/plain", buffer: Buffer.from("oi") });
      await expect(dialog.getByRole("list", { name: "Arquivos escolhidos" })).toContainText(
        "Formatos de arquivo aceitos: PDF, DOC, DOCX, JPG ou PNG",
      );
      await dialog
        .getByLabel("Resultado", { exact: true })
        .fill("Títulos duplicados em 3 páginas; veja o relatório.");
      await dialog.getByRole("button", { name: "Concluir" }).click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Remover notas.txt" }).click();
      await picker.setInputFiles(receipt(testInfo, "relatorio-seo.pdf"));
      await expect(dialog.getByRole("list", { name: "Arquivos escolhidos" })).toContainText(
        "relatorio-seo.pdf",
      );
      await dialog.getByRole("button", { name: "Concluir" }).click();
      await expect(dialog).toBeHidden();
      await expect(standing(analyst.page)).toContainText("Concluída");

      // The requester's open page shows the result and the file beside the move, live, and opens it.
      await expect(standing(page)).toContainText("Concluída");
      const entry = timeline(page).locator(":scope > li").last();
      await expect(entry).toContainText("Mara Marketing concluiu a análise");
      await expect(entry).toContainText("Títulos duplicados em 3 páginas; veja o relatório.");
      await expect(entry.getByText("relatorio-seo.pdf")).toBeVisible();
      const href = await entry.getByRole("link", { name: "Baixar relatorio-seo.pdf" }).getAttribute("href");
      const download = await page.request.get(href!);
      expect(download.status()).toBe(200);
      expect((await download.body()).toString()).toContain("relatorio-seo.pdf");
    } finally {
      await analyst.context.close();
    }
  });

  test("on a phone (390×844) a reviewer approves, and writes an internal note the requester never sees", async ({
    page,
    browser,
    baseURL,
    signIn,
  }, testInfo) => {
    const reviewerEmail = uniqueEmail("compras");
    await signIn({ name: "Carla Dias" });
    const phone = await personBrowser(browser, baseURL, { width: 390, height: 844 });
    try {
      await signInThroughEmail(phone.page, { email: reviewerEmail, name: "Rui Revisor" });
      await teamFor(browser, baseURL, [reviewerEmail], { kinds: ["reembolso"] });
      // Unique: this team sees every reimbursement on the shared e2e server.
      const lunch = `Almoço com o cliente ${Date.now().toString(36)}`;
      const id = await sendReimbursement(page, testInfo, lunch, "R$ 89,90");

      // From the queue on the phone: a card per request.
      await phone.page.goto("/caixa");
      const card = phone.page
        .getByRole("list", { name: "Caixa de entrada" })
        .getByRole("link")
        .filter({ hasText: lunch });
      await expect(card).toContainText("R$ 89,90");
      await expect(card).toContainText("Carla Dias");
      await card.click();
      await expect(phone.page).toHaveURL(new RegExp(`/solicitacoes/reembolso/${id}$`));

      // The state and the moves come first: no scrolling to act.
      const take = actions(phone.page).getByRole("button", { name: "Assumir" });
      await expect(take).toBeInViewport();
      await take.click();
      const approve = actions(phone.page).getByRole("button", { name: "Aprovar" });
      await expect(approve).toBeInViewport();
      // Less than asked, with a reason (decision 015), from the phone.
      await approveInDialog(phone.page, { valor: "R$ 80,00", motivo: "A sobremesa não entra." });
      await expect(standing(phone.page)).toContainText("Aprovado");
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await phone.page.getByLabel("Comentar").fill("Conferido com a fatura do cartão.");
      await phone.page.getByRole("switch", { name: "Nota interna" }).click();
      await phone.page.getByRole("button", { name: "Registrar nota" }).click();
      await expect(timeline(phone.page)).toContainText("Conferido com a fatura do cartão.");
      await phone.page.screenshot({ path: testInfo.outputPath("revisor-celular.png"), fullPage: true });

      await page.goto(`/solicitacoes/reembolso/${id}`);
      await expect(standing(page)).toContainText("Aprovado");
      await expect(timeline(page)).toContainText("Rui Revisor aprovou");
      await expect(timeline(page)).toContainText("Valor aprovado: R$ 80,00 de R$ 89,90 solicitados");
      await expect(timeline(page)).toContainText("A sobremesa não entra.");
      await expect(timeline(page)).not.toContainText("Conferido com a fatura do cartão.");
      await expect(timeline(page)).not.toContainText("nota interna");
    } finally {
      await phone.context.close();
    }
  });
});
