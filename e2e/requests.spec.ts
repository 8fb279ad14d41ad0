import { writeFileSync } from "node:fs";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { expect, seriousA11yViolations, skipSplash, test } from "./fixtures";
import { choose } from "./forms";
import { signInThroughEmail } from "./support";

/*
 * The spec's five request forms and 'Minhas solicitações', against the real server ('Ausência':
 * absences.spec.ts).
 * No webhook URL is configured in the e2e server: requests are saved with no
 * delivery (detail page: 'Sem integração configurada'; SEO answer entregue null).
 */

const SUCCESS = "Solicitação enviada com sucesso!";
/** Intl writes a no-break space after 'R$' (facts.md, Brazilian formatting). */
const brl = (text: string) => text.replace(" ", "\u00a0");

/** A small but real PDF (the server checks the '%PDF' signature). */
function samplePdf(testInfo: TestInfo, name = "recibo-taxi.pdf") {
  const path = testInfo.outputPath(name);
  writeFileSync(
    path,
    "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n",
  );
  return path;
}

/** The expense date, as a person picks it: year and month dropdowns, then the next-month button, then a day. */
async function pickExpenseDate(page: Page, year: number) {
  await page.getByRole("button", { name: "Data da despesa" }).click();
  const calendar = page.getByRole("dialog", { name: "Escolha a data da despesa" });
  await expect(calendar).toBeVisible();
  await calendar.getByRole("combobox", { name: "Ano" }).selectOption(String(year));
  await calendar.getByRole("combobox", { name: "Mês" }).selectOption({ label: "Junho" });
  await calendar.getByRole("button", { name: "Próximo mês" }).click();
  await calendar.getByRole("button", { name: new RegExp(`^\\S+, 10 de julho de ${year}`) }).click();
  await expect(calendar).toBeHidden();
  await expect(page.getByRole("button", { name: "Data da despesa" })).toContainText(`10/07/${year}`);
}

async function expectSuccessToast(page: Page) {
  await expect(page.getByText(SUCCESS)).toBeVisible();
}

async function fillReimbursement(page: Page, testInfo: TestInfo, year: number) {
  await pickExpenseDate(page, year);
  await choose(page, "Tipo de despesa", "Transporte");
  const valor = page.getByLabel("Valor", { exact: true });
  await expect(valor).toHaveAttribute("placeholder", brl("R$ 0,00"));
  await valor.pressSequentially("123456");
  await expect(valor).toHaveValue(brl("R$ 1.234,56"));
  await choose(page, "Centro de custo", "Marketing");
  await page.getByLabel("Comprovantes").setInputFiles(samplePdf(testInfo));
  await expect(page.getByRole("list", { name: "Arquivos escolhidos" })).toContainText("recibo-taxi.pdf");
  await page.getByLabel("Chave PIX (opcional)").fill("ana.souza@agencia.digital");
  await page.getByLabel("Descrição").fill("Táxi para reunião com cliente");
}

function row(page: Page, text: string | RegExp): Locator {
  return page.getByRole("list", { name: "Solicitações" }).getByRole("link").filter({ hasText: text });
}

const lastYear = new Date().getFullYear() - 1;

test.describe("request forms", () => {
  test("reimbursement: date picker, currency mask, receipt; then listed with its detail and download", async ({
    page,
    signIn,
  }, testInfo) => {
    await signIn({ name: "Ana Souza" });
    await page.goto("/reembolso");
    await expect(
      page.getByRole("heading", { level: 1, name: "FORMULÁRIO DE SOLICITAÇÃO DE REEMBOLSO" }),
    ).toBeVisible();
    const nome = page.getByLabel("Nome do colaborador");
    await expect(nome).toHaveValue("Ana Souza");
    await expect(nome).toHaveAttribute("readonly", "");
    await expect(nome).toHaveAttribute("placeholder", "Digite seu nome completo");
    await expect(page.getByRole("combobox", { name: "Centro de custo" })).toContainText("Geral");
    await expect(page.getByText("máx. 30MB por arquivo")).toBeVisible();

    await fillReimbursement(page, testInfo, lastYear);
    await page.getByRole("button", { name: "Enviar solicitação" }).click();
    await expectSuccessToast(page);

    // The form starts over, keeping the prefilled name.
    await expect(page.getByLabel("Valor", { exact: true })).toHaveValue("");
    await expect(page.getByRole("button", { name: "Data da despesa" })).toContainText("dd/mm/aaaa");
    await expect(page.getByRole("combobox", { name: "Tipo de despesa" })).toContainText(
      "Selecione o tipo de despesa",
    );
    await expect(page.getByRole("list", { name: "Arquivos escolhidos" })).toHaveCount(0);
    await expect(page.getByLabel("Descrição")).toHaveValue("");
    await expect(nome).toHaveValue("Ana Souza");

    await page.getByRole("link", { name: "Minhas solicitações" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Minhas solicitações" })).toBeVisible();
    await expect(page.getByText("1 solicitação no total")).toBeVisible();
    const listed = row(page, "Táxi para reunião com cliente");
    await expect(listed).toContainText("Reembolso");
    await expect(listed).toContainText(brl("R$ 1.234,56"));
    await expect(listed).toContainText("Pendente");

    await listed.click();
    await expect(page).toHaveURL(/\/solicitacoes\/reembolso\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Reembolso" })).toBeVisible();
    const dados = page.getByRole("region", { name: "Dados da solicitação" });
    for (const [label, value] of [
      ["Nome do colaborador", "Ana Souza"],
      ["Data da despesa", `10/07/${lastYear}`],
      ["Tipo de despesa", "Transporte"],
      ["Valor", brl("R$ 1.234,56")],
      ["Centro de custo", "Marketing"],
      ["Chave PIX", "ana.souza@agencia.digital"],
      ["Descrição", "Táxi para reunião com cliente"],
    ]) {
      await expect(dados.getByRole("definition").filter({ hasText: value! }), label).toBeVisible();
    }
    await expect(page.getByText("Sem integração configurada")).toBeVisible();
    const download = page.getByRole("link", { name: /recibo-taxi\.pdf/ });
    await expect(download).toBeVisible();
    const href = await download.getAttribute("href");
    expect(href).toMatch(/^\/api\/anexos\/[0-9a-f-]{36}$/);
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/pdf");

    await page.getByRole("link", { name: "Minhas solicitações" }).first().click();
    await expect(page).toHaveURL(/\/solicitacoes$/);
  });

  test("reimbursement: broken rules show the spec's messages under the fields", async ({
    page,
    signIn,
  }, testInfo) => {
    await signIn();
    await page.goto("/reembolso");
    await page.getByRole("button", { name: "Enviar solicitação" }).click();
    const valor = page.getByLabel("Valor", { exact: true });
    await expect(page.locator("#reembolso-data-error")).toHaveText("Por favor selecione uma data");
    await expect(page.locator("#reembolso-tipo-error")).toHaveText("Por favor selecione um tipo de despesa");
    await expect(page.locator("#reembolso-valor-error")).toHaveText("Valor deve ser um número válido");
    await expect(page.locator("#reembolso-anexo-error")).toHaveText("Arquivo é obrigatório");
    await expect(page.locator("#reembolso-descricao-error")).toHaveText(
      "Descrição deve ter pelo menos 5 caracteres",
    );
    await expect(valor).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(SUCCESS)).toHaveCount(0);

    // Then checked on every change: a wrong file type, then a right one.
    const txt = testInfo.outputPath("nota.txt");
    writeFileSync(txt, "não é um recibo");
    await page.getByLabel("Comprovantes").setInputFiles(txt);
    await expect(page.locator("#reembolso-anexo-error")).toHaveText(
      "Formatos de arquivo aceitos: JPG, PNG ou PDF",
    );
    await page.getByRole("button", { name: "Remover nota.txt" }).click();
    await page.getByLabel("Comprovantes").setInputFiles(samplePdf(testInfo));
    await expect(page.locator("#reembolso-anexo-error")).toHaveCount(0);
    await page.getByLabel("Descrição").fill("Táxi");
    await expect(page.locator("#reembolso-descricao-error")).toBeVisible();
    await page.getByLabel("Descrição").fill("Táxi do aeroporto");
    await expect(page.locator("#reembolso-descricao-error")).toHaveCount(0);
  });

  test("training grant: sent, reset, and its detail", async ({ page, signIn }, testInfo) => {
    await signIn({ name: "Bruno Lima" });
    await page.goto("/bolsa-capacitacao");
    await expect(page.getByRole("heading", { level: 1, name: "Bolsa de Capacitação" })).toBeVisible();
    await expect(page.getByLabel("Criado por")).toHaveValue("Bruno Lima");
    await expect(page.getByLabel("Criado por")).toBeDisabled();
    await page.getByLabel("Título").fill("Curso de TypeScript avançado");
    await choose(page, "Tipo", "Cursos");
    await page.getByLabel("Valor", { exact: true }).pressSequentially("49990");
    await expect(page.getByLabel("Valor", { exact: true })).toHaveValue(brl("R$ 499,90"));
    await page.getByLabel("Link da plataforma").fill("https://www.alura.com.br/curso-typescript");
    await page.getByLabel("Chave PIX").fill("+55 11 99876-5432");
    await page.getByLabel("Como pode agregar valor?").fill("Melhora a qualidade do código do time");
    await page.getByLabel("Anexo (opcional)").setInputFiles(samplePdf(testInfo, "ementa.pdf"));
    await expect(page.getByRole("list", { name: "Arquivos escolhidos" })).toContainText("ementa.pdf");
    await page.getByRole("button", { name: "Enviar solicitação" }).click();
    await expectSuccessToast(page);
    await expect(page.getByLabel("Título")).toHaveValue("");
    await expect(page.getByLabel("Criado por")).toHaveValue("Bruno Lima");

    await page.goto("/solicitacoes");
    await row(page, brl("R$ 499,90")).click();
    await expect(page.getByRole("heading", { level: 1, name: "Bolsa de Capacitação" })).toBeVisible();
    await expect(page.getByText("Curso de TypeScript avançado")).toBeVisible();
    await expect(page.getByText("+5511998765432")).toBeVisible();
    await expect(page.getByRole("link", { name: /ementa\.pdf/ })).toHaveAttribute("href", /^\/api\/anexos\//);
  });

  test("material: a double click sends one request, and a given-up delivery is sent again", async ({
    page,
    signIn,
  }) => {
    await signIn({ name: "Bruno Lima" });
    await page.goto("/material");
    await expect(page.getByRole("heading", { level: 1, name: "Solicitação de Material" })).toBeVisible();
    await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Bruno Lima");
    await expect(page.getByLabel("Quantidade")).toHaveValue("1");
    await page.getByLabel("Material", { exact: true }).fill("Mouse sem fio");
    await page.getByLabel("Motivo").fill("O atual parou de funcionar");
    await page.getByLabel("Quantidade").fill("2");
    await choose(page, "Urgência", "Alta (48 horas)");
    // Idempotency-Key + the button disabled while sending.
    const sent = page.waitForRequest(
      (r) => r.method() === "POST" && r.url().endsWith("/api/solicitacoes/material"),
    );
    await page.getByRole("button", { name: "Enviar solicitação" }).dblclick();
    expect((await sent).headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    await expectSuccessToast(page);
    await expect(page.getByLabel("Material", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Quantidade")).toHaveValue("1");

    await page.goto("/solicitacoes");
    await expect(page.getByText("1 solicitação no total")).toBeVisible();
    const links = page.getByRole("list", { name: "Solicitações" }).getByRole("link");
    await expect(links).toHaveCount(1);
    await expect(links.nth(0)).toContainText("Mouse sem fio (2)");
    await links.nth(0).click();
    await expect(page.getByText("Alta (48 horas)")).toBeVisible();

    // The material automation answered 410 (e2e/global-setup.ts): the worker gave up, and the
    // author sends it again from here; the same webhook is then taken.
    await expect
      .poll(
        async () => {
          if (await page.getByText("Falha no envio").isVisible()) return true;
          await page.reload();
          return false;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await page.getByRole("button", { name: "Enviar novamente" }).click();
    await expect(page.getByText("Solicitação enviada para a automação.")).toBeVisible();
    await expect(page.getByText(/Enviada para a automação em/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Enviar novamente" })).toHaveCount(0);
  });

  test("support: name and e-mail locked, priority 'Média' by default; sent and reset", async ({
    page,
    signIn,
  }) => {
    const { email } = await signIn({ name: "Bruno Lima" });
    await page.goto("/suporte");
    await expect(page.getByRole("heading", { level: 1, name: "Suporte" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
    await expect(page.getByRole("combobox", { name: "Prioridade" })).toContainText("Média");
    await choose(page, "Departamento", "Financeiro");
    await page.getByLabel("Assunto").fill("Nota fiscal de março");
    await page.getByLabel("Descrição").fill("Preciso da segunda via da nota fiscal de março.");
    await page.getByRole("button", { name: "Enviar solicitação" }).click();
    await expectSuccessToast(page);
    await expect(page.getByLabel("Assunto")).toHaveValue("");
    await expect(page.getByLabel("Email")).toHaveValue(email);
  });

  test("page analysis: CRO disabled, the field messages, 'Analisando...' while the server waits", async ({
    page,
    signIn,
  }) => {
    await signIn({ name: "Bruno Lima" });
    // No automation here, so the request is only saved.
    await page.goto("/seo");
    await expect(page.getByRole("heading", { level: 1, name: "Análise de páginas" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "Análise de CRO" })).toBeDisabled();
    await page.getByLabel("URL da página").fill("exemplo.com.br");
    await page.getByRole("button", { name: "Solicitar análise" }).click();
    await expect(page.locator("#seo-url-error")).toHaveText("URL inválida. Inclua http:// ou https://");
    await expect(page.locator("#seo-tipo-error")).toHaveText("Selecione um tipo de análise");
    await page.getByLabel("URL da página").fill("https://www.exemplo.com.br/servicos");
    await page.getByRole("radio", { name: "Análise técnica" }).click();
    await page.route("**/api/solicitacoes/seo", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.getByRole("button", { name: "Solicitar análise" }).click();
    await expect(page.getByRole("button", { name: "Analisando..." })).toBeDisabled();
    await expectSuccessToast(page);
    await expect(
      page.getByText("Sua solicitação foi registrada e será enviada para análise automaticamente."),
    ).toBeVisible();
    await expect(page.getByLabel("URL da página")).toHaveValue("");
    await expect(page.getByRole("radio", { name: "Análise técnica" })).not.toBeChecked();
  });

  test("'Minhas solicitações' lists every kind, newest first", async ({ page, signIn }) => {
    const { email } = await signIn({ name: "Bruno Lima" });
    const post = async (url: string, init: Parameters<typeof page.request.post>[1]) => {
      const response = await page.request.post(url, init);
      expect(response.status(), await response.text()).toBeLessThan(300);
    };
    await post("/api/solicitacoes/bolsa-capacitacao", {
      multipart: {
        titulo: "Curso de TypeScript avançado",
        tipo: "Cursos",
        valor: "R$ 499,90",
        linkPlataforma: "https://www.alura.com.br/curso-typescript",
        chavePix: "+5511998765432",
        valorAgregado: "Melhora a qualidade do código do time",
        criadoPor: "Bruno Lima",
      },
    });
    await post("/api/solicitacoes/material", {
      data: {
        nome: "Bruno Lima",
        descricao: "Mouse sem fio",
        motivo: "O atual parou",
        quantidade: 2,
        urgencia: "alta",
      },
    });
    await post("/api/solicitacoes/suporte", {
      data: {
        nome: "Bruno Lima",
        email,
        departamento: "Financeiro",
        assunto: "Nota fiscal de março",
        descricao: "Preciso da segunda via da nota fiscal de março.",
        prioridade: "media",
      },
    });
    await post("/api/solicitacoes/seo", {
      data: { url: "https://www.exemplo.com.br/servicos", tipoAnalise: "analise-tecnica" },
    });

    await page.goto("/solicitacoes");
    await expect(page.getByText("4 solicitações no total")).toBeVisible();
    const links = page.getByRole("list", { name: "Solicitações" }).getByRole("link");
    await expect(links).toHaveCount(4);
    await expect(links.nth(0)).toContainText("Análise de páginas");
    await expect(links.nth(1)).toContainText("Suporte");
    await expect(links.nth(2)).toContainText("Mouse sem fio (2)");
    await expect(links.nth(3)).toContainText(brl("R$ 499,90"));
  });
});

test.describe("failures", () => {
  test("a refused submission shows the form's error toast and the server's messages under the fields", async ({
    page,
    signIn,
  }) => {
    await signIn();
    await page.goto("/suporte");
    await choose(page, "Departamento", "RH");
    await page.getByLabel("Assunto").fill("Férias de julho");
    await page.getByLabel("Descrição").fill("Quero marcar minhas férias de julho.");
    await page.route("**/api/solicitacoes/suporte", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({
          message: "Dados inválidos",
          description: "Assunto deve ter pelo menos 5 caracteres",
          code: "VALIDATION",
          fields: { assunto: "Assunto deve ter pelo menos 5 caracteres" },
        }),
      }),
    );
    await page.getByRole("button", { name: "Enviar solicitação" }).click();
    await expect(page.getByText("Erro ao enviar solicitação")).toBeVisible();
    await expect(
      page.getByText("Ocorreu um erro ao enviar sua solicitação de suporte. Tente novamente."),
    ).toBeVisible();
    await expect(page.locator("#suporte-assunto-error")).toHaveText(
      "Assunto deve ter pelo menos 5 caracteres",
    );
    await expect(page.getByLabel("Assunto")).toBeFocused();
    // Nothing was lost: the person can fix and send again.
    await expect(page.getByLabel("Descrição")).toHaveValue("Quero marcar minhas férias de julho.");

    // Training grant: the toast shows the error's own explanation (spec §8 Scholarship); here a file
    // the server found too large (413), which the form then marks.
    await page.goto("/bolsa-capacitacao");
    await page.getByLabel("Título").fill("Livro de design");
    await choose(page, "Tipo", "Livros");
    await page.getByLabel("Valor", { exact: true }).pressSequentially("8990");
    await page.getByLabel("Link da plataforma").fill("https://www.exemplo.com.br/livro");
    await page.getByLabel("Chave PIX").fill("11.222.333/0001-81");
    await page.getByLabel("Como pode agregar valor?").fill("Referência para o time de criação");
    await page.route("**/api/solicitacoes/bolsa-capacitacao", (route) =>
      route.fulfill({
        status: 413,
        contentType: "application/json",
        body: JSON.stringify({
          message: "Arquivo muito grande",
          description: "Tamanho máximo do arquivo é 10MB",
          fields: { anexo: "Tamanho máximo do arquivo é 10MB" },
        }),
      }),
    );
    await page.getByRole("button", { name: "Enviar solicitação" }).click();
    await expect(page.getByText("Erro ao enviar solicitação")).toBeVisible();
    await expect(page.locator("#bolsa-anexo-error")).toHaveText("Tamanho máximo do arquivo é 10MB");
    await expect(page.getByText("Tamanho máximo do arquivo é 10MB")).toHaveCount(2);
  });
});

test.describe("Minhas solicitações", () => {
  test("empty state, 'Carregar mais' and a request that is not yours", async ({ page, signIn }) => {
    await signIn();
    await page.goto("/solicitacoes");
    await expect(page.getByText("Você ainda não fez nenhuma solicitação.")).toBeVisible();
    await expect(
      page.getByRole("list", { name: "Fazer uma solicitação" }).getByRole("link", { name: "Reembolso" }),
    ).toHaveAttribute("href", "/reembolso");

    // 21 requests: one page of 20, then the last one.
    for (let i = 1; i <= 21; i++) {
      const created = await page.request.post("/api/solicitacoes/material", {
        data: {
          nome: "Ana Souza",
          descricao: `Caderno ${i}`,
          motivo: "Anotações das reuniões",
          quantidade: 1,
          urgencia: "baixa",
        },
      });
      expect(created.status()).toBe(201);
    }
    await page.reload();
    await expect(page.getByText("21 solicitações no total")).toBeVisible();
    const links = page.getByRole("list", { name: "Solicitações" }).getByRole("link");
    await expect(links).toHaveCount(20);
    await expect(links.first()).toContainText("Caderno 21");
    await page.getByRole("button", { name: "Carregar mais" }).click();
    await expect(links).toHaveCount(21);
    await expect(links.last()).toContainText("Caderno 1 (1)");
    await expect(page.getByRole("button", { name: "Carregar mais" })).toHaveCount(0);

    await page.goto("/solicitacoes/reembolso/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { name: "Solicitação não encontrada" })).toBeVisible();
    await page.getByRole("link", { name: "Voltar para Minhas solicitações" }).click();
    await expect(page).toHaveURL(/\/solicitacoes$/);
  });
});

test.describe("on a phone (390×844)", () => {
  test("the reimbursement form fits, works, and its request shows as a card", async ({
    browser,
    baseURL,
  }, testInfo) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: "pt-BR",
      timezoneId: "America/Sao_Paulo",
    });
    const page = await context.newPage();
    await skipSplash(page);
    await signInThroughEmail(page, { name: "Carla Dias" });
    await page.goto("/reembolso");
    await expect(
      page.getByRole("heading", { level: 1, name: "FORMULÁRIO DE SOLICITAÇÃO DE REEMBOLSO" }),
    ).toBeVisible();
    const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await scrollWidth()).toBeLessThanOrEqual(390);

    await fillReimbursement(page, testInfo, lastYear);
    expect(await scrollWidth()).toBeLessThanOrEqual(390);
    await page.getByRole("button", { name: "Enviar solicitação" }).click();
    await expectSuccessToast(page);
    await expect(page.getByLabel("Valor", { exact: true })).toHaveValue("");

    await page.goto("/solicitacoes");
    const card = row(page, "Táxi para reunião com cliente");
    await expect(card).toContainText(brl("R$ 1.234,56"));
    expect(await scrollWidth()).toBeLessThanOrEqual(390);
    await context.close();
  });
});

test.describe("accessibility (axe-core: no serious or critical violations)", () => {
  test("/reembolso (with its calendar open) and /solicitacoes", async ({ page, signIn }) => {
    await signIn();
    await page.goto("/reembolso");
    await page.waitForLoadState("networkidle");
    expect(await seriousA11yViolations(page), "/reembolso").toEqual([]);
    await page.getByRole("button", { name: "Enviar solicitação" }).click();
    await expect(page.locator("#reembolso-data-error")).toBeVisible();
    expect(await seriousA11yViolations(page), "/reembolso with errors").toEqual([]);
    await page.getByRole("button", { name: "Data da despesa" }).click();
    await expect(page.getByRole("dialog", { name: "Escolha a data da despesa" })).toBeVisible();
    expect(await seriousA11yViolations(page), "calendar").toEqual([]);
    // The keyboard works in the grid: today is focused, Enter picks it.
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByRole("button", { name: "Data da despesa" })).toContainText(/\d{2}\/\d{2}\/\d{4}/);

    const created = await page.request.post("/api/solicitacoes/suporte", {
      data: {
        departamento: "RH",
        assunto: "Férias de julho",
        descricao: "Quero marcar minhas férias.",
        prioridade: "baixa",
      },
    });
    expect(created.status()).toBe(201);
    await page.goto("/solicitacoes");
    await expect(row(page, "Férias de julho")).toBeVisible();
    expect(await seriousA11yViolations(page), "/solicitacoes").toEqual([]);
    await row(page, "Férias de julho").click();
    await expect(page.getByRole("heading", { level: 1, name: "Suporte" })).toBeVisible();
    expect(await seriousA11yViolations(page), "detail").toEqual([]);
  });
});
