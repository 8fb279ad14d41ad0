import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { planYears } from "../src/domain/planning/options";
import type { PlanCreated, PlanDetail } from "../src/domain/planning/plan";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { choose } from "./forms";
import { signInOrRegister } from "./support";

/** The month's first week with a post: which one depends on the month's first days and the channels. */
function firstWeekWithPosts(plan: PlanDetail) {
  const week = plan.content!.calendario_editorial.semanas.find((w) => w.posts.length > 0);
  if (!week) throw new Error("the generated plan has no post");
  return week;
}

/*
 * The planning pages against the real server, as the allow-listed planner of
 * this spec (PLANNING_MANAGERS of e2e/global-setup.ts). There is no
 * PLAN_GENERATOR_URL there, so plans come from the built-in generator at once;
 * 'Criar Tarefa' goes to the Bitrix24-like receiver. Clients are never
 * deleted, so every test names its own.
 */

const PLANNER = { email: "planejamento.plano@agencia.digital", name: "Paula Planejadora" };
const YEAR = planYears()[1]!;

/** The visible toast (spec §4: one at a time), not the same words under a field. */
const toast = (page: Page) => page.locator('[data-sonner-toast][data-visible="true"][data-removed="false"]');

/** The plan's status badge in the viewer's heading. */
const status = (page: Page) => page.getByRole("main").getByTestId("plan-status");

async function createClient(page: Page, name: string): Promise<string> {
  const response = await page.request.post("/api/clients", { data: { name } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A generated plan for November of YEAR on Instagram and LinkedIn, through the API; optionally approved. */
async function createPlan(page: Page, client: string, options: { approve?: boolean } = {}): Promise<string> {
  const clienteId = await createClient(page, client);
  const created = await page.request.post("/api/planejamentos", {
    data: {
      clienteId,
      mesReferencia: "11",
      anoReferencia: YEAR,
      canaisPlataformas: ["Instagram", "LinkedIn"],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { planejamento_id: planId } = (await created.json()) as PlanCreated;
  if (options.approve) {
    const plan = (await (await page.request.get(`/api/planejamentos/${planId}`)).json()) as PlanDetail;
    const approved = await page.request.post(`/api/planejamentos/${planId}/aprovar`, {
      data: { version: plan.version },
    });
    expect(approved.status(), await approved.text()).toBe(200);
  }
  return planId;
}

test.describe("planejamento", () => {
  // These tests are about the spec's table by week; the month grid has its own spec (plan-calendar.spec.ts).
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem("balcao:plan-calendar-layout", "tabela"));
  });

  test("request a plan through the form: the spec's toasts, the custom tone, and the new plan in the viewer", async ({
    page,
  }) => {
    await signInOrRegister(page, PLANNER);
    const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`;
    const client = `Cliente E2E ${stamp}`;
    await createClient(page, client);

    await page.goto("/planejamento");
    await expect(page.getByRole("heading", { level: 1, name: "Novo Planejamento" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Meus Planejamentos" })).toHaveAttribute(
      "href",
      "/planejamento/lista",
    );
    await expect(page.getByRole("link", { name: "Gerenciar clientes" })).toHaveAttribute(
      "href",
      "/planejamento/clientes",
    );
    const form = page.getByRole("form", { name: "Solicitação de planejamento" });
    const submit = form.getByRole("button", { name: "Gerar Planejamento" });

    // Spec §5: the client first, then month and year; each a toast and a message under the field.
    await submit.click();
    await expect(toast(page)).toContainText("Erro");
    await expect(toast(page)).toContainText("Por favor, selecione um cliente.");
    await expect(form.getByText("Por favor, selecione um cliente.")).toBeVisible();
    await expect(page).toHaveURL(/\/planejamento$/);

    await choose(page, "Cliente", client);
    await submit.click();
    await expect(toast(page)).toContainText("Por favor, informe o mês e ano de referência.");
    await expect(form.getByText("Por favor, informe o mês e ano de referência.")).toBeVisible();
    await expect(form.getByText("Por favor, selecione um cliente.")).toHaveCount(0);

    await choose(page, "Mês de referência", "Novembro");
    await choose(page, "Ano", YEAR);
    await form.getByRole("checkbox", { name: "Geração de leads" }).check();
    await form.getByRole("checkbox", { name: "Engajamento" }).check();
    await form.getByLabel("Público-alvo").fill("Pequenas empresas da região metropolitana");
    await form.getByRole("checkbox", { name: "Instagram" }).check();
    await form.getByRole("checkbox", { name: "LinkedIn" }).check();
    await form.getByLabel("Temas e pilares").fill("Bastidores, dicas práticas, cases de clientes");
    await form.getByLabel("Eventos e datas comemorativas").fill("Black Friday");

    // The custom tone exists only while 'Personalizado (especificar)' is ticked.
    const customTone = form.getByLabel("Tom de voz personalizado");
    await expect(customTone).toHaveCount(0);
    await form.getByRole("checkbox", { name: "Profissional" }).check();
    await form.getByRole("checkbox", { name: "Personalizado (especificar)" }).check();
    await expect(customTone).toBeVisible();
    await form.getByRole("checkbox", { name: "Personalizado (especificar)" }).uncheck();
    await expect(customTone).toHaveCount(0);
    await form.getByRole("checkbox", { name: "Personalizado (especificar)" }).check();
    await customTone.fill("Próximo e direto, sem jargões");

    expect(await seriousA11yViolations(page)).toEqual([]);

    await submit.click();
    await expect(page).toHaveURL(/\/planejamento\/visualizar\/[0-9a-f-]{36}$/);
    await expect(toast(page)).toContainText("Sucesso!");

    // The viewer: client, month/year, status, generator and the four sections.
    await expect(page.getByRole("heading", { level: 1, name: client })).toBeVisible();
    await expect(page.getByText(`Novembro/${YEAR}`)).toBeVisible();
    await expect(status(page)).toHaveText("Gerado");
    await expect(page.getByText("Gerado pelo gerador interno do Balcão")).toBeVisible();
    for (const section of [
      "Insights gerais",
      "Pilares de conteúdo e growth loops",
      "Calendário editorial",
      "Experimentos",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
    }
    for (const column of ["Pilar", "Loop Resumido", "Objetivo", "CAC ↓"]) {
      await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
    }
    for (const column of [
      "Canal",
      "Tipo de Post",
      "Título/Headline",
      "CTA",
      "Descrição",
      "Meta & KPI",
      "Gancho/Data",
      "Produção",
      "Ações",
    ]) {
      await expect(page.getByRole("columnheader", { name: column, exact: true }).first()).toBeVisible();
    }
    for (const column of ["Nome", "Hipótese", "Métrica", "Período"]) {
      await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
    }
    // The channels asked for are the calendar's.
    const calendar = page.getByRole("region", { name: "Calendário editorial" });
    await expect(calendar.getByRole("cell", { name: "Instagram", exact: true }).first()).toBeVisible();
    await expect(calendar.getByRole("cell", { name: "LinkedIn", exact: true }).first()).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("edit a post and an insight, then approve", async ({ page }) => {
    await signInOrRegister(page, PLANNER);
    const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`;
    const planId = await createPlan(page, `Cliente Edição ${stamp}`);
    await page.goto(`/planejamento/visualizar/${planId}`);
    await expect(status(page)).toHaveText("Gerado");

    // Edit: a post's title and an insight.
    const newTitle = `Título editado ${stamp}`;
    const newInsight = `Insight editado ${stamp}`;
    await page.getByRole("button", { name: "Editar", exact: true }).click();
    const editForm = page.getByRole("form", { name: "Editar planejamento" });
    await expect(editForm).toBeVisible();
    await expect(page.getByRole("button", { name: "Editar", exact: true })).toHaveCount(0);
    await editForm.getByLabel("Título/Headline").first().fill(newTitle);
    await editForm.getByLabel("Teste A/B (deixe vazio se não houver)").first().fill("Carrossel x Reels");
    await editForm.getByLabel("Insight 1", { exact: true }).fill(newInsight);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await editForm.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(toast(page)).toContainText("Planejamento salvo com sucesso.");
    await expect(editForm).toHaveCount(0);
    await expect(status(page)).toHaveText("Editado");
    await expect(page.getByRole("cell").getByText(newTitle, { exact: true })).toBeVisible();
    await expect(page.getByText(newInsight)).toBeVisible();
    const abBadge = page.getByRole("row").filter({ hasText: newTitle }).getByText("A/B", { exact: true });
    await expect(abBadge).toHaveAttribute("title", "Carrossel x Reels");

    // Approve.
    await page.getByRole("button", { name: "Aprovar" }).click();
    await expect(status(page)).toHaveText("Aprovado");
    await expect(toast(page)).toContainText("Sucesso!");
    await expect(page.getByRole("button", { name: "Aprovar" })).toHaveCount(0);
  });

  test("'Criar Tarefa' on a post of an approved plan", async ({ page }) => {
    await signInOrRegister(page, PLANNER);
    const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`;
    const planId = await createPlan(page, `Cliente Tarefa ${stamp}`, { approve: true });
    const plan = (await (await page.request.get(`/api/planejamentos/${planId}`)).json()) as PlanDetail;
    const newTitle = firstWeekWithPosts(plan).posts[0]!.titulo;
    await page.goto(`/planejamento/visualizar/${planId}`);
    await expect(status(page)).toHaveText("Aprovado");

    // 'Criar Tarefa' on a post: the Bitrix24 receiver answers, and the post shows 'Criada'.
    const row = page.getByRole("row").filter({ hasText: newTitle });
    await row.getByRole("button", { name: /^Criar Tarefa/ }).click();
    await expect(row.getByText("Criada", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: /^Criar Tarefa/ })).toHaveCount(0);
  });

  test("the list shows the plan's card, which leads to the plan and back", async ({ page }) => {
    await signInOrRegister(page, PLANNER);
    const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`;
    const client = `Cliente Lista ${stamp}`;
    const planId = await createPlan(page, client, { approve: true });

    // The list: the card with its status and the way back.
    await page.goto("/planejamento/lista");
    await expect(page.getByRole("heading", { level: 1, name: "Meus Planejamentos" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Novo Planejamento" })).toHaveAttribute(
      "href",
      "/planejamento",
    );
    await expect(page.getByRole("main").getByRole("link", { name: "Clientes", exact: true })).toHaveAttribute(
      "href",
      "/planejamento/clientes",
    );
    const card = page.getByRole("article", { name: client });
    await expect(card).toBeVisible();
    await expect(card).toContainText(`Nov/${YEAR}`);
    await expect(card.getByTestId("plan-status")).toHaveText("Aprovado");
    await expect(card).toContainText(/\d+ insights?/);
    await expect(card).toContainText("Calendário editorial incluído");
    await expect(card).toContainText(/Criado em \d{2}\/\d{2}\/\d{4}/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await card.getByRole("link", { name: /^Visualizar/ }).click();
    await expect(page).toHaveURL(new RegExp(`/planejamento/visualizar/${planId}$`));
    await expect(status(page)).toHaveText("Aprovado");
    await page.getByRole("link", { name: "Voltar" }).click();
    await expect(page).toHaveURL(/\/planejamento\/lista$/);
  });

  test("edit mode: the schema's messages, and a save after someone else's is refused with the edits kept", async ({
    page,
  }) => {
    await signInOrRegister(page, PLANNER);
    const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`;
    const clienteId = await createClient(page, `Cliente Conflito ${stamp}`);
    const created = await page.request.post("/api/planejamentos", {
      data: { clienteId, mesReferencia: "03", anoReferencia: YEAR, canaisPlataformas: ["Instagram"] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { planejamento_id: planId, status: createdStatus } = (await created.json()) as PlanCreated;
    expect(createdStatus).toBe("gerado");

    await page.goto(`/planejamento/visualizar/${planId}`);
    await expect(page.getByText(`Março/${YEAR}`)).toBeVisible();
    await page.getByRole("button", { name: "Editar", exact: true }).click();
    const editForm = page.getByRole("form", { name: "Editar planejamento" });

    // A post needs its title: nothing is sent, the field says why.
    const title = editForm.getByLabel("Título/Headline").first();
    const original = await title.inputValue();
    await title.fill("   ");
    await editForm.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(toast(page)).toContainText("Corrija os campos destacados antes de salvar.");
    await expect(editForm.getByText("Campo obrigatório").first()).toBeVisible();
    await expect(title).toBeFocused();
    await title.fill(original);
    await expect(editForm.getByText("Campo obrigatório")).toHaveCount(0);

    // Someone else saves in between (the same account, elsewhere).
    const mine = `Minha edição ${stamp}`;
    await editForm.getByLabel("Insight 1", { exact: true }).fill(mine);
    const current = (await (await page.request.get(`/api/planejamentos/${planId}`)).json()) as PlanDetail;
    const other = await page.request.put(`/api/planejamentos/${planId}`, {
      data: {
        version: current.version,
        content: { ...current.content, insights_gerais: [`Edição de outra pessoa ${stamp}`] },
      },
    });
    expect(other.status(), await other.text()).toBe(200);

    await editForm.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(toast(page)).toContainText("Planejamento alterado por outra pessoa");
    await expect(editForm).toBeVisible();
    await expect(editForm.getByLabel("Insight 1", { exact: true })).toHaveValue(mine);
    const alert = editForm.getByRole("alert").filter({ hasText: "Planejamento alterado por outra pessoa" });
    await alert.getByRole("button", { name: "Recarregar" }).click();
    await expect(editForm).toHaveCount(0);
    await expect(page.getByText(`Edição de outra pessoa ${stamp}`)).toBeVisible();
    await expect(page.getByText(mine)).toHaveCount(0);
    await expect(status(page)).toHaveText("Editado");
  });

  test("on a phone each post is a card with its fields and 'Criar Tarefa'", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInOrRegister(page, PLANNER);
    const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`;
    const clienteId = await createClient(page, `Cliente Celular ${stamp}`);
    const created = await page.request.post("/api/planejamentos", {
      data: { clienteId, mesReferencia: "12", anoReferencia: YEAR, canaisPlataformas: ["LinkedIn"] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { planejamento_id: id } = (await created.json()) as PlanCreated;
    const plan = (await (await page.request.get(`/api/planejamentos/${id}`)).json()) as PlanDetail;
    // A month's first week may hold no LinkedIn post (one or two days, a weekend): the first that does.
    const week = firstWeekWithPosts(plan);
    const first = week.posts[0]!;

    await page.goto(`/planejamento/visualizar/${id}`);
    const card = page.getByRole("listitem").filter({ hasText: first.titulo });
    await expect(card).toBeVisible();
    await expect(card.getByText("Gancho/Data")).toBeVisible();
    await expect(card.getByText(first.cta)).toBeVisible();
    // The desktop table is not shown at this width, and nothing scrolls sideways.
    await expect(page.getByRole("table", { name: `Posts de ${week.semana}` })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Pillars and experiments are cards too.
    await expect(page.getByRole("list", { name: "Pilares" }).getByRole("listitem").first()).toContainText(
      "Loop Resumido",
    );
    await expect(
      page.getByRole("list", { name: "Experimentos" }).getByRole("listitem").first(),
    ).toContainText("Hipótese");
    await expect(page.getByRole("table", { name: "Tabela de pilares" })).toBeHidden();
    await card.getByRole("button", { name: /Criar Tarefa/ }).click();
    await expect(card.getByText("Criada")).toBeVisible();
  });

  test("an unknown plan, and the viewer without an id", async ({ page }) => {
    await signInOrRegister(page, PLANNER);
    await page.goto(`/planejamento/visualizar/${randomUUID()}`);
    await expect(page.getByRole("heading", { name: "Planejamento não encontrado" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Voltar" })).toHaveAttribute("href", "/planejamento/lista");

    await page.goto("/planejamento/visualizar");
    await expect(page).toHaveURL(/\/planejamento$/);
    await expect(page.getByRole("heading", { level: 1, name: "Novo Planejamento" })).toBeVisible();
  });

  test("a user outside the allow-list is sent home and sees no staff items", async ({ page, signIn }) => {
    await signIn({ name: "Otávio Comum" });
    await page.goto("/planejamento");
    await expect(page).toHaveURL(/\/$/);
    const nav = page.getByRole("navigation", { name: "Menu principal" });
    await expect(nav.getByRole("link", { name: /Início/ })).toBeVisible();
    await expect(nav.getByRole("link", { name: /Novo Planejamento/ })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: /Meus Planejamentos/ })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: /Vagas/ })).toHaveCount(0);
    await page.goto("/planejamento/lista");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/planejamento/clientes");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/vagas");
    await expect(page).toHaveURL(/\/$/);
  });

  test("more than a page of plans: 'Carregar mais planejamentos' brings the older ones", async ({ page }) => {
    test.setTimeout(90_000);
    await signInOrRegister(page, { email: "planejamento.lista@agencia.digital", name: "Paula Lista" });
    const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`;
    const clienteId = await createClient(page, `Cliente Lista ${stamp}`);
    const ids: string[] = [];
    for (let i = 1; i <= 31; i++) {
      const created = await page.request.post("/api/planejamentos", {
        data: { clienteId, mesReferencia: String((i % 12) + 1).padStart(2, "0"), anoReferencia: YEAR },
      });
      expect(created.status(), await created.text()).toBe(201);
      ids.push(((await created.json()) as PlanCreated).planejamento_id);
    }

    await page.goto("/planejamento/lista");
    const cards = page.getByRole("list", { name: "Planejamentos" }).locator(":scope > li");
    await expect(cards).toHaveCount(30);
    const view = (id: string) => page.locator(`a[href="/planejamento/visualizar/${id}"]`);
    // Newest first: the last one requested opens the list, the first one is on the next page.
    await expect(cards.first().locator(`a[href="/planejamento/visualizar/${ids[30]}"]`)).toHaveCount(1);
    await expect(view(ids[0]!)).toHaveCount(0);
    await page.getByRole("button", { name: "Carregar mais planejamentos" }).click();
    await expect(view(ids[0]!)).toHaveCount(1);
    await expect(cards).toHaveCount(31);
    await expect(page.getByRole("button", { name: "Carregar mais planejamentos" })).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
