import type { Browser, Page } from "@playwright/test";
import { expect, seriousA11yViolations, skipSplash, test } from "./fixtures";
import { openMagicLink, PASSWORD, signInOrRegister, signInThroughEmail, waitForMail } from "./support";

/*
 * The shell's side of the review desk (decision 011): 'Equipes e permissões' (/admin),
 * 'Caixa de entrada' in the sidebar with its count, the bell, live updates, and
 * e-mailed request links that return to the request after sign-in.
 * ADMIN_EMAILS=admin@agencia.digital on the e2e server (global-setup.ts).
 */

const ADMIN = "admin@agencia.digital";

let ipCounter = 0;
/** Another browser (its own cookies), with a client address of its own for the per-IP limits. */
async function otherBrowser(browser: Browser, baseURL: string | undefined) {
  ipCounter += 1;
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    extraHTTPHeaders: {
      "x-forwarded-for": `10.211.${process.pid % 250}.${(Date.now() + ipCounter) % 250}`,
    },
  });
  const page = await context.newPage();
  await skipSplash(page);
  return { context, page };
}

type TeamJson = { id: string; name: string; kinds: string[]; departamentos: string[]; members: string[] };

/** Puts `email` in Financeiro through the administrators' API (the UI path has its own test). */
async function joinFinanceiro(admin: Page, email: string) {
  const page = await admin.request.get("/api/admin/equipes");
  expect(page.status()).toBe(200);
  const financeiro = ((await page.json()).teams as TeamJson[]).find((t) => t.name === "Financeiro")!;
  const saved = await admin.request.put(`/api/admin/equipes/${financeiro.id}`, {
    data: { ...financeiro, members: [...new Set([...financeiro.members, email])] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** A support ticket for Financeiro, sent through the API by the signed-in person of `page`. */
async function supportTicket(page: Page, who: { email: string; name: string }, assunto: string) {
  const res = await page.request.post("/api/solicitacoes/suporte", {
    data: {
      nome: who.name,
      email: who.email,
      departamento: "Financeiro",
      assunto,
      descricao: "Preciso da segunda via da nota fiscal de março.",
      prioridade: "media",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as string;
}

async function act(page: Page, id: string, body: Record<string, unknown>) {
  const res = await page.request.post(`/api/solicitacoes/suporte/${id}/acoes`, { data: body });
  expect(res.status(), await res.text()).toBe(200);
}

async function caixaCount(page: Page): Promise<number> {
  const badge = page.getByTestId("caixa-count");
  if ((await badge.count()) === 0) return 0;
  return Number(/\d+/.exec((await badge.first().textContent()) ?? "")?.[0] ?? 0);
}

test.describe("teams, the bell and e-mailed links (decision 011)", () => {
  test("an administrator puts a colleague in Financeiro from /admin, which opens 'Caixa de entrada' to them", async ({
    page,
    browser,
    baseURL,
  }) => {
    const colleague = await otherBrowser(browser, baseURL);
    const [, carla] = await Promise.all([
      signInOrRegister(page, { email: ADMIN, name: "Alice Admin" }),
      signInThroughEmail(colleague.page, { name: "Carla Financeira" }),
    ]);
    await colleague.page.goto("/");
    await expect(colleague.page.getByTestId("user-first-name")).toHaveText("Carla");
    await expect(
      colleague.page.getByTestId("app-sidebar").getByRole("link", { name: /Caixa de entrada/ }),
    ).toHaveCount(0);

    await page.goto("/");
    await page.getByTestId("app-sidebar").getByRole("link", { name: "Equipes e permissões" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Equipes e permissões" })).toBeVisible();
    // Members by configuration are shown, not editable.
    await expect(page.getByRole("region", { name: "Vagas", exact: true })).toContainText(
      "Definido na configuração",
    );

    expect(await seriousA11yViolations(page)).toEqual([]);

    const financeiro = page.getByRole("region", { name: "Financeiro", exact: true });
    await financeiro.getByRole("button", { name: "Editar" }).click();
    await expect(page.getByLabel("Nome da equipe")).toHaveValue("Financeiro");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel("Adicionar membro").fill("nao-e-email");
    await page.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(page.getByText("Informe emails válidos, um por linha")).toBeVisible();
    await page.getByLabel("Adicionar membro").fill(carla.email.toUpperCase());
    await page.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(page.getByRole("button", { name: `Remover ${carla.email}` })).toBeVisible();
    await page.getByRole("button", { name: "Salvar equipe" }).click();
    await expect(page.getByText("Equipe salva")).toBeVisible();
    await expect(financeiro.getByRole("list", { name: "Membros de Financeiro" })).toContainText(carla.email);

    // The colleague's next page load opens the Caixa.
    await colleague.page.reload();
    await expect(
      colleague.page.getByTestId("app-sidebar").getByRole("link", { name: /Caixa de entrada/ }),
    ).toBeVisible();
    await colleague.context.close();
  });

  test("'Caixa de entrada' counts what waits for the member, and a new request adds to it without a reload", async ({
    page,
    browser,
    baseURL,
  }) => {
    const admin = await otherBrowser(browser, baseURL);
    const requester = await otherBrowser(browser, baseURL);
    const [, carla, ana] = await Promise.all([
      signInOrRegister(admin.page, { email: ADMIN, name: "Alice Admin" }),
      signInThroughEmail(page, { name: "Carla Financeira" }),
      signInThroughEmail(requester.page, { name: "Ana Souza" }),
    ]);
    await joinFinanceiro(admin.page, carla.email);
    await supportTicket(requester.page, ana, "Nota fiscal de março");

    await page.goto("/");
    const caixa = page.getByTestId("app-sidebar").getByRole("link", { name: /Caixa de entrada/ });
    await expect(caixa).toBeVisible();
    await expect(caixa.getByTestId("caixa-count")).toHaveText(/^\d+/);
    const before = await caixaCount(page);
    expect(before).toBeGreaterThan(0);
    await expect(caixa).toHaveAccessibleName(new RegExp(`^Caixa de entrada \\(${before} aguardando\\)$`));

    await supportTicket(requester.page, ana, "Segunda via do boleto");
    await expect.poll(() => caixaCount(page), { timeout: 15_000 }).toBeGreaterThan(before);

    await admin.context.close();
    await requester.context.close();
  });

  test("members of a team choose on 'Minha conta' how they hear of new requests; others have no such choice", async ({
    page,
    browser,
    baseURL,
  }) => {
    const colleague = await otherBrowser(browser, baseURL);
    const [, carla] = await Promise.all([
      signInOrRegister(page, { email: ADMIN, name: "Alice Admin" }),
      signInThroughEmail(colleague.page, { name: "Carla Financeira" }),
    ]);
    await joinFinanceiro(page, carla.email);

    await colleague.page.goto("/conta");
    const preference = colleague.page.getByRole("region", { name: "Notificações", exact: true });
    await expect(preference.getByRole("radio", { name: "Um email a cada nova solicitação" })).toBeChecked();
    await preference.getByText("Um resumo por dia, às 8:00").click();
    await expect(colleague.page.getByText("Preferência salva")).toBeVisible();
    await colleague.page.reload();
    await expect(
      colleague.page
        .getByRole("region", { name: "Notificações", exact: true })
        .getByRole("radio", { name: "Um resumo por dia, às 8:00" }),
    ).toBeChecked();

    // The administrator is in no team here: no such section.
    await page.goto("/conta");
    await expect(page.getByRole("heading", { name: "Minha conta" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Notificações", exact: true })).toHaveCount(0);
    await colleague.context.close();
  });

  test("the bell shows what happened to the requester's request, live; opening it goes there and marks it read", async ({
    page,
    browser,
    baseURL,
  }) => {
    const admin = await otherBrowser(browser, baseURL);
    const colleague = await otherBrowser(browser, baseURL);
    const [, carla, ana] = await Promise.all([
      signInOrRegister(admin.page, { email: ADMIN, name: "Alice Admin" }),
      signInThroughEmail(colleague.page, { name: "Carla Financeira" }),
      signInThroughEmail(page, { name: "Ana Souza" }),
    ]);
    await joinFinanceiro(admin.page, carla.email);
    const id = await supportTicket(page, ana, "Segunda via da nota");
    await page.goto("/");
    const bell = page.getByRole("button", { name: /^Notificações/ });
    await expect(bell).toHaveAccessibleName("Notificações");

    await act(colleague.page, id, { acao: "assumir" });
    await act(colleague.page, id, { acao: "pedir_informacao", motivo: "Qual o número do pedido?" });
    // No reload: the live stream tells the page, which asks the API again.
    await expect(bell).toHaveAccessibleName("Notificações, 1 não lida");
    await expect(page.getByTestId("notification-count")).toHaveText("1");

    await bell.click();
    const popover = page.getByRole("dialog", { name: "Notificações" });
    const item = popover.getByTestId("notification-item").first();
    await expect(item).toContainText("Qual o número do pedido?");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/solicitacoes/suporte/${id}$`));
    await expect(bell).toHaveAccessibleName("Notificações");

    // A public comment: a new one; 'Marcar todas como lidas' clears the count.
    const comment = await colleague.page.request.post(`/api/solicitacoes/suporte/${id}/comentarios`, {
      data: { texto: "Pode mandar por aqui mesmo." },
    });
    expect(comment.status(), await comment.text()).toBeLessThan(300);
    await expect(bell).toHaveAccessibleName("Notificações, 1 não lida");
    await bell.click();
    await popover.getByRole("button", { name: "Marcar todas como lidas" }).click();
    await expect(bell).toHaveAccessibleName("Notificações");
    await expect(page.getByTestId("notification-count")).toHaveCount(0);

    await admin.context.close();
    await colleague.context.close();
  });

  test("a request's e-mailed link opened signed out comes back to the request after sign-in, by password or magic link", async ({
    page,
    browser,
    baseURL,
  }) => {
    const admin = await otherBrowser(browser, baseURL);
    const colleague = await otherBrowser(browser, baseURL);
    const [, carla, ana] = await Promise.all([
      signInOrRegister(admin.page, { email: ADMIN, name: "Alice Admin" }),
      signInThroughEmail(colleague.page, { name: "Carla Financeira" }),
      signInThroughEmail(page, { name: "Ana Souza" }),
    ]);
    await joinFinanceiro(admin.page, carla.email);
    const id = await supportTicket(page, ana, "Nota do táxi");
    await act(colleague.page, id, { acao: "assumir" });
    await act(colleague.page, id, { acao: "pedir_informacao", motivo: "Qual o número do pedido?" });

    const mail = await waitForMail(ana.email, /^Suporte: /);
    const link = mail.links.find((l) => l.includes(`/solicitacoes/suporte/${id}`));
    expect(link, mail.text).toBeTruthy();
    const requestPath = new RegExp(`/solicitacoes/suporte/${id}$`);

    // By password.
    const signedOut = await otherBrowser(browser, baseURL);
    await signedOut.page.goto(link!);
    await expect(signedOut.page).toHaveURL(/\/login\?next=%2Fsolicitacoes%2Fsuporte%2F/);
    await signedOut.page.getByLabel("Email").fill(ana.email);
    await signedOut.page.getByLabel("Senha").fill(PASSWORD);
    await signedOut.page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(signedOut.page).toHaveURL(requestPath);
    await signedOut.context.close();

    // By magic link, opened in the same browser.
    const byLink = await otherBrowser(browser, baseURL);
    await byLink.page.goto(link!);
    await expect(byLink.page).toHaveURL(/\/login\?next=/);
    await byLink.page.getByRole("button", { name: "Entrar com link mágico" }).click();
    await byLink.page.getByLabel("Email").fill(ana.email);
    await byLink.page.getByRole("button", { name: "Enviar link mágico" }).click();
    await expect(byLink.page.getByTestId("magic-link-sent")).toBeVisible();
    const magic = await waitForMail(ana.email, /link de acesso/);
    await openMagicLink(byLink.page, magic.links[0]!);
    await expect(byLink.page).toHaveURL(requestPath);
    await byLink.context.close();

    // Anything but a request's page is ignored: sign-in lands on / as always.
    const crafted = await otherBrowser(browser, baseURL);
    await crafted.page.goto(`/login?next=${encodeURIComponent("https://evil.example/solicitacoes/x/y")}`);
    await crafted.page.getByLabel("Email").fill(ana.email);
    await crafted.page.getByLabel("Senha").fill(PASSWORD);
    await crafted.page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(crafted.page).toHaveURL(new RegExp(`^${baseURL}/$`));
    await crafted.context.close();

    await admin.context.close();
    await colleague.context.close();
  });
});
