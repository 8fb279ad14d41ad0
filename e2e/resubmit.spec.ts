import { writeFileSync } from "node:fs";
import type { APIRequestContext, Browser, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signInOrRegister, signInThroughEmail, uniqueEmail } from "./support";

/*
 * 'Editar e reenviar' (decision 011): a reimbursement the finance team asked to
 * adjust is changed and sent again by its requester, in the browser. The
 * request gets there through the API: an administrator (ADMIN_EMAILS in
 * global-setup.ts) puts a reviewer in Financeiro, who takes it and asks for
 * an adjustment.
 */

const ADMIN = "admin@agencia.digital";

function pdf(testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(name);
  writeFileSync(
    path,
    "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n",
  );
  return path;
}

/** A signed-in page of its own for another person, from this test's client address. */
async function personContext(browser: Browser, baseURL: string, headers: Record<string, string>) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: headers });
  await context.addInitScript(() => window.sessionStorage.setItem("balcao:skip-splash", "1"));
  return { context, page: await context.newPage() };
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext["post"]>>, status = 200): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

type Team = { id: string; name: string; kinds: string[]; departamentos: string[]; members: string[] };

/** Yesterday on São Paulo's calendar: inside the reimbursement window. */
function yesterdayInSaoPaulo() {
  const date = new Date(Date.now() - 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(date);
}

test("the requester edits a request the team asked to adjust, removes a file, adds one and sends it again", async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
  signIn,
}, testInfo) => {
  const headers = extraHTTPHeaders ?? {};
  await signIn({ name: "Ana Souza" });

  // The request, with two receipts.
  const receipt = (name: string) => new File(["%PDF-1.4\n%%EOF\n"], name, { type: "application/pdf" });
  const body = new FormData();
  for (const [name, value] of Object.entries({
    nome: "Ana Souza",
    data: yesterdayInSaoPaulo(),
    tipo: "transporte",
    valor: "R$ 150,00",
    centroCusto: "marketing",
    descricao: "Táxi até o cliente",
  }))
    body.append(name, value);
  body.append("anexo", receipt("recibo-ida.pdf"));
  body.append("anexo", receipt("recibo-hotel.pdf"));
  const created = await ok<{ id: string }>(
    await page.request.post("/api/solicitacoes/reembolso", {
      headers: { "idempotency-key": crypto.randomUUID() },
      multipart: body,
    }),
    201,
  );
  const id = created.id;

  // An administrator puts a reviewer in Financeiro.
  const reviewerEmail = uniqueEmail("financeiro");
  const admin = await personContext(browser, baseURL!, headers);
  const reviewer = await personContext(browser, baseURL!, headers);
  try {
    await signInOrRegister(admin.page, { email: ADMIN, name: "Alice Admin" });
    await signInThroughEmail(reviewer.page, { email: reviewerEmail, name: "Carla Financeira" });
    const { teams } = await ok<{ teams: Team[] }>(await admin.page.request.get("/api/admin/equipes"));
    const financeiro = teams.find((team) => team.name === "Financeiro")!;
    await ok(
      await admin.page.request.put(`/api/admin/equipes/${financeiro.id}`, {
        data: {
          name: financeiro.name,
          kinds: financeiro.kinds,
          departamentos: financeiro.departamentos,
          members: [...financeiro.members, reviewerEmail],
        },
      }),
    );

    // The reviewer takes it and asks for an adjustment.
    const actions = `/api/solicitacoes/reembolso/${id}/acoes`;
    await ok(await reviewer.page.request.post(actions, { data: { acao: "assumir" } }));
    await ok(
      await reviewer.page.request.post(actions, {
        data: { acao: "pedir_ajuste", motivo: "Falta o recibo da volta" },
      }),
    );
  } finally {
    await admin.context.close();
    await reviewer.context.close();
  }

  await page.goto(`/solicitacoes/reembolso/${id}/editar`);
  const form = page.getByRole("form", { name: "Solicitação de reembolso" });
  await expect(form).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Editar e reenviar: Reembolso" })).toBeVisible();
  await expect(page.getByText("Falta o recibo da volta")).toBeVisible();
  // Filled with what was sent.
  await expect(page.getByLabel("Nome do colaborador")).toHaveValue("Ana Souza");
  await expect(page.getByLabel("Valor", { exact: true })).toHaveValue("R$\u00a0150,00");
  await expect(page.getByRole("combobox", { name: "Tipo de despesa" })).toContainText("Transporte");
  await expect(page.getByLabel("Descrição")).toHaveValue("Táxi até o cliente");
  const stored = page.getByRole("list", { name: "Arquivos enviados" });
  await expect(stored).toContainText("recibo-ida.pdf");

  await expect(stored).toContainText("recibo-hotel.pdf");

  // How it looks, on a desktop and on a phone (kept with the test's results).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: testInfo.outputPath("editar-desktop.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(form).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath("editar-celular.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // One field changed, one stored file removed, one new file added.
  await page.getByLabel("Descrição").fill("Táxi até o cliente e de volta");
  await page.getByRole("button", { name: "Remover recibo-ida.pdf" }).click();
  await expect(stored).not.toContainText("recibo-ida.pdf");
  await page.getByLabel("Comprovantes").setInputFiles([pdf(testInfo, "recibo-volta.pdf")]);
  await expect(page.getByRole("list", { name: "Arquivos escolhidos" })).toContainText("recibo-volta.pdf");

  const sent = page.waitForRequest(
    (r) => r.method() === "PUT" && r.url().endsWith(`/api/solicitacoes/reembolso/${id}`),
  );
  await page.getByRole("button", { name: "Reenviar" }).click();
  await sent;

  await expect(page.getByText("Solicitação reenviada")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/solicitacoes/reembolso/${id}$`));
  await expect(
    page.getByRole("region", { name: "Dados da solicitação" }).getByText("Táxi até o cliente e de volta"),
  ).toBeVisible();
  // The timeline keeps what changed.
  await expect(page.getByTestId("timeline")).toContainText("Descrição:");
  await expect(page.getByRole("link", { name: /recibo-volta\.pdf/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /recibo-hotel\.pdf/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /recibo-ida\.pdf/ })).toHaveCount(0);

  // Sent again, it is back with the team: the edit page says so and leads back.
  await page.goto(`/solicitacoes/reembolso/${id}/editar`);
  await expect(
    page.getByRole("heading", { name: "Esta solicitação não pode ser editada agora" }),
  ).toBeVisible();
  await expect(page.getByText("Ela está em 'Em análise'.", { exact: false })).toBeVisible();
  await page.getByRole("link", { name: "Voltar para a solicitação" }).click();
  await expect(page).toHaveURL(new RegExp(`/solicitacoes/reembolso/${id}$`));
});
