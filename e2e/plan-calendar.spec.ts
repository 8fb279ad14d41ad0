import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { weekOfDay } from "../src/domain/planning/month-calendar";
import { planYears } from "../src/domain/planning/options";
import type { PlanCreated, PlanDetail } from "../src/domain/planning/plan";
import type { PlanPost } from "../src/domain/planning/plan-content.schema";
import { longDay } from "../src/web/features/planning/lib/calendar-dates";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { signInOrRegister } from "./support";

/*
 * The plan's month (decision 018) against the real
 * server, as an allow-listed planner (PLANNING_MANAGERS of global-setup.ts):
 * the grid with each post on its day, a post opened, a post dragged (and moved
 * with the keyboard) to another day and still there after a reload, the table
 * one click away, and the agenda on a phone. With E2E_SHOTS=1 it also leaves
 * screenshots of the grid and the agenda in .e2e/screenshots.
 */

const PLANNER = { email: "planejamento@agencia.digital", name: "Paula Calendário" };
const YEAR = planYears()[1]!;
const SHOTS = path.resolve(".e2e", "screenshots");

const toast = (page: Page) => page.locator('[data-sonner-toast][data-visible="true"][data-removed="false"]');
const status = (page: Page) => page.getByRole("main").getByTestId("plan-status");
const grid = (page: Page) => page.getByRole("region", { name: `Calendário de Novembro/${YEAR}` });
const day = (page: Page, date: string) => grid(page).getByRole("group", { name: longDay(date), exact: true });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A chip's name is its text: channel, type, title, badges. */
const chipName = (post: PlanPost) =>
  new RegExp(`^${escapeRegExp(post.canal)}\\b.*${escapeRegExp(post.titulo)}`);

/** The viewport (1280×800 or 390×844) with the calendar's section at its top. */
async function shot(page: Page, name: string) {
  if (!process.env.E2E_SHOTS) return;
  await page.locator("#calendario-titulo").evaluate((heading) => {
    heading.scrollIntoView({ block: "start" });
    window.scrollBy(0, -80); // below the sticky top bar
  });
  // The sheet slides in: shoot it where it stops.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  await page.screenshot({ path: path.join(SHOTS, name) });
}

/** A generated plan for November of YEAR on Instagram and LinkedIn, through the API. */
async function createPlan(page: Page, client: string): Promise<PlanDetail> {
  const clientAnswer = await page.request.post("/api/clients", { data: { name: client } });
  expect(clientAnswer.status(), await clientAnswer.text()).toBe(201);
  const { id: clienteId } = (await clientAnswer.json()) as { id: string };
  const created = await page.request.post("/api/planejamentos", {
    data: {
      clienteId,
      mesReferencia: "11",
      anoReferencia: YEAR,
      canaisPlataformas: ["Instagram", "LinkedIn"],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { planejamento_id: id } = (await created.json()) as PlanCreated;
  return (await (await page.request.get(`/api/planejamentos/${id}`)).json()) as PlanDetail;
}

/** A pointer drag, as a hand does it: press, a few pixels to start, then to the middle of the day. */
async function drag(page: Page, from: Locator, to: Locator) {
  await from.evaluate((element) => element.scrollIntoView({ block: "center" }));
  const box = (await from.boundingBox())!;
  const goal = (await to.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 10, box.y + box.height / 2 + 10, { steps: 3 });
  await page.mouse.move(goal.x + goal.width / 2, goal.y + goal.height / 2, { steps: 12 });
  await page.mouse.up();
}

async function readPlan(page: Page, id: string): Promise<PlanDetail> {
  return (await (await page.request.get(`/api/planejamentos/${id}`)).json()) as PlanDetail;
}

/** Where a post is now, found by its id. */
function locate(plan: PlanDetail, postId: string) {
  const weeks = plan.content!.calendario_editorial.semanas;
  for (const [week, entry] of weeks.entries()) {
    const post = entry.posts.find((p) => p.id === postId);
    if (post) return { post, week };
  }
  throw new Error(`post ${postId} not found`);
}

/**
 * A post whose title no other post has, in the plan's first week, and a day of
 * the second week with no posts: two rows of the grid, both in view at 1280×800.
 */
function pickMove(plan: PlanDetail) {
  const weeks = plan.content!.calendario_editorial.semanas;
  const all = weeks.flatMap((week) => week.posts);
  const post = weeks[0]!.posts.find((p) => all.filter((other) => other.titulo === p.titulo).length === 1)!;
  const last = weeks[1]!;
  const taken = new Set(all.map((p) => p.data_sugerida));
  const start = new Date(`${last.data_inicio}T12:00:00Z`);
  for (let d = start; d.toISOString().slice(0, 10) <= last.data_fim!; d.setUTCDate(d.getUTCDate() + 1)) {
    const date = d.toISOString().slice(0, 10);
    if (!taken.has(date)) return { post, target: date };
  }
  throw new Error("no free day in the last week");
}

test.describe("the plan's month", () => {
  test("the grid: posts on their days, opened in a sheet, dragged to another day and saved, the table one click away", async ({
    page,
  }) => {
    await signInOrRegister(page, PLANNER);
    const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`;
    const plan = await createPlan(page, `Cliente Calendário ${stamp}`);
    const weeks = plan.content!.calendario_editorial.semanas;
    const { post, target } = pickMove(plan);

    await page.goto(`/planejamento/visualizar/${plan.id}`);
    await expect(status(page)).toHaveText("Gerado");
    await expect(grid(page)).toBeVisible();
    // Every post sits on its suggested day; days of October and December are no days of the grid.
    for (const week of weeks) {
      for (const each of week.posts) {
        const date = each.data_sugerida!;
        await expect(
          day(page, date)
            .getByRole("button", { name: chipName(each) })
            .first(),
        ).toBeVisible();
      }
    }
    await expect(grid(page).getByRole("group")).toHaveCount(30);
    await expect(page.getByRole("list", { name: "Legenda dos canais" })).toContainText("Instagram");
    await expect(page.getByRole("list", { name: "Legenda dos canais" })).toContainText("LinkedIn");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, "plan-calendar-grid-1280.png");

    // A click opens the post with every field and 'Criar Tarefa'.
    const from = post.data_sugerida!;
    const chip = day(page, from).getByRole("button", { name: chipName(post) });
    await chip.click();
    const sheet = page.getByRole("dialog", { name: post.titulo });
    await expect(sheet).toBeVisible();
    for (const label of [
      "Canal",
      "Tipo de Post",
      "CTA",
      "Descrição",
      "Meta primária",
      "KPI",
      "Gancho/Data",
      "Produção",
    ]) {
      await expect(sheet.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(sheet.getByText(`${from.slice(8)}/${from.slice(5, 7)}/${from.slice(0, 4)}`)).toBeVisible();
    await expect(sheet.getByRole("button", { name: /^Criar Tarefa/ })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, "plan-calendar-sheet-1280.png");
    await page.keyboard.press("Escape");
    await expect(sheet).toHaveCount(0);

    // Drag it to a free day of the next week: saved at once, the plan becomes 'Editado'.
    await drag(page, chip, day(page, target));
    await expect(toast(page)).toContainText(`Post movido para ${longDay(target)}.`);
    await expect(status(page)).toHaveText("Editado");

    await page.reload();
    await expect(day(page, target).getByRole("button", { name: chipName(post) })).toBeVisible();
    await expect(day(page, from).getByRole("button", { name: chipName(post) })).toHaveCount(0);
    const saved = await readPlan(page, plan.id);
    const moved = locate(saved, post.id!);
    expect(moved.post.data_sugerida).toBe(target);
    expect(moved.week).toBe(weekOfDay(saved.content!.calendario_editorial.semanas, target));
    expect(moved.week).toBe(1);
    expect(saved.version).toBe(plan.version + 1);

    // The keyboard: Space picks the post up, an arrow moves it a day, Space or Enter puts it down.
    const previous = new Date(`${target}T12:00:00Z`);
    previous.setUTCDate(previous.getUTCDate() - 1);
    const dayBefore = previous.toISOString().slice(0, 10);
    await day(page, target)
      .getByRole("button", { name: chipName(post) })
      .focus();
    // Each key waits for what a screen reader hears (dnd-kit's live region) before the next.
    const heard = page.getByRole("status").filter({ hasText: /^Post|^Sobre/ });
    await page.keyboard.press("Space");
    await expect(heard).toHaveText(`Sobre ${longDay(target)}, o dia atual do post.`);
    // dnd-kit hears the arrows from a listener it adds in a setTimeout(0) at the pick-up
    // (KeyboardSensor.attach), which a busy machine can run after the announcement is drawn: an
    // arrow pressed before it is lost. A timeout of the page's own, set now, fires after that one.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.keyboard.press("ArrowLeft");
    await expect(heard).toHaveText(`Sobre ${longDay(dayBefore)}.`);
    // Enter puts it down too, and opens nothing while it does.
    await page.keyboard.press("Enter");
    await expect(toast(page)).toContainText(`Post movido para ${longDay(dayBefore)}.`);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(day(page, dayBefore).getByRole("button", { name: chipName(post) })).toBeVisible();
    expect(locate(await readPlan(page, plan.id), post.id!).post.data_sugerida).toBe(dayBefore);

    // Someone saves in between: the move is refused (409), the post stays, and 'Recarregar' brings their version.
    const current = await readPlan(page, plan.id);
    const other = await page.request.put(`/api/planejamentos/${plan.id}`, {
      data: {
        version: current.version,
        content: { ...current.content, insights_gerais: [`Outra pessoa ${stamp}`] },
      },
    });
    expect(other.status(), await other.text()).toBe(200);
    await drag(page, day(page, dayBefore).getByRole("button", { name: chipName(post) }), day(page, target));
    await expect(toast(page)).toContainText("Planejamento alterado por outra pessoa");
    await expect(day(page, dayBefore).getByRole("button", { name: chipName(post) })).toBeVisible();
    expect(locate(await readPlan(page, plan.id), post.id!).post.data_sugerida).toBe(dayBefore);
    await toast(page).getByRole("button", { name: "Recarregar" }).click();
    await expect(page.getByText(`Outra pessoa ${stamp}`)).toBeVisible();

    // 'Tabela' shows the spec's table, and is remembered.
    await page.getByRole("button", { name: "Tabela", exact: true }).click();
    await expect(page.getByRole("button", { name: "Tabela", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(
      page.getByRole("columnheader", { name: "Título/Headline", exact: true }).first(),
    ).toBeVisible();
    await expect(grid(page)).toHaveCount(0);
    await page.reload();
    await expect(
      page.getByRole("columnheader", { name: "Título/Headline", exact: true }).first(),
    ).toBeVisible();
    await page.getByRole("button", { name: "Grade", exact: true }).click();
    await expect(grid(page)).toBeVisible();
  });

  test("edit mode: a dragged post moves in the form and is saved with 'Salvar'; a click opens the post editor", async ({
    page,
  }) => {
    await signInOrRegister(page, PLANNER);
    const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`;
    const plan = await createPlan(page, `Cliente Calendário Edição ${stamp}`);
    const { post, target } = pickMove(plan);

    await page.goto(`/planejamento/visualizar/${plan.id}`);
    await page.getByRole("button", { name: "Editar", exact: true }).click();
    const editForm = page.getByRole("form", { name: "Editar planejamento" });
    await expect(grid(page)).toBeVisible();

    // The post editor in the sheet: a new title, kept in the form.
    const chip = day(page, post.data_sugerida!).getByRole("button", { name: chipName(post) });
    await chip.click();
    const sheet = page.getByRole("dialog", { name: "Editar post" });
    const newTitle = `Título pelo calendário ${stamp}`;
    // A post without a title: 'Salvar' is refused and the sheet opens on the post at fault.
    await sheet.getByLabel("Título/Headline").fill("");
    await sheet.getByRole("button", { name: "Concluir" }).click();
    await expect(sheet).toHaveCount(0);
    await editForm.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(toast(page)).toContainText("Corrija os campos destacados antes de salvar.");
    await expect(sheet.getByText("Campo obrigatório")).toBeVisible();
    await sheet.getByLabel("Título/Headline").fill(newTitle);
    await expect(sheet.getByText("Campo obrigatório")).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, "plan-calendar-edit-sheet-1280.png");
    await sheet.getByRole("button", { name: "Concluir" }).click();
    await expect(sheet).toHaveCount(0);
    const renamed = { ...post, titulo: newTitle };
    const renamedChip = day(page, post.data_sugerida!).getByRole("button", { name: chipName(renamed) });
    await expect(renamedChip).toBeVisible();

    // Moved in the form, nothing sent until 'Salvar'.
    await drag(page, renamedChip, day(page, target));
    await expect(day(page, target).getByRole("button", { name: chipName(renamed) })).toBeVisible();
    expect(locate(await readPlan(page, plan.id), post.id!).post.data_sugerida).toBe(post.data_sugerida);

    await editForm.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(toast(page)).toContainText("Planejamento salvo com sucesso.");
    await expect(editForm).toHaveCount(0);
    await expect(day(page, target).getByRole("button", { name: chipName(renamed) })).toBeVisible();
    const saved = locate(await readPlan(page, plan.id), post.id!);
    expect(saved.post).toMatchObject({ titulo: newTitle, data_sugerida: target });
  });

  test("on a phone the month is an agenda by day, and a tap opens the post", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInOrRegister(page, PLANNER);
    const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`;
    const plan = await createPlan(page, `Cliente Agenda ${stamp}`);
    const weeks = plan.content!.calendario_editorial.semanas;

    await page.goto(`/planejamento/visualizar/${plan.id}`);
    const agenda = page.getByRole("list", { name: "Agenda" });
    await expect(agenda).toBeVisible();
    await expect(grid(page)).toBeHidden();
    // Each day with posts, in order, with its posts.
    const dates = [...new Set(weeks.flatMap((week) => week.posts.map((p) => p.data_sugerida!)))].sort();
    await expect(agenda.getByRole("heading", { level: 3 })).toHaveText(dates.map(longDay));
    const first = weeks[0]!.posts[0]!;
    const firstDay = agenda.getByRole("list", { name: `Posts de ${longDay(first.data_sugerida!)}` });
    await expect(
      firstDay.getByRole("button", { name: new RegExp(escapeRegExp(first.titulo)) }).first(),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, "plan-calendar-agenda-390.png");

    await firstDay
      .getByRole("button", { name: new RegExp(escapeRegExp(first.titulo)) })
      .first()
      .click();
    const sheet = page.getByRole("dialog", { name: first.titulo });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByText("Gancho/Data", { exact: true })).toBeVisible();
    await shot(page, "plan-calendar-agenda-sheet-390.png");
    await sheet.getByRole("button", { name: /^Criar Tarefa/ }).click();
    await expect(sheet.getByText("Criada", { exact: true }).first()).toBeVisible();
    await page.keyboard.press("Escape");
    // The agenda shows the new badge too.
    await expect(
      firstDay.getByRole("button", { name: new RegExp(escapeRegExp(first.titulo)) }).first(),
    ).toContainText("Criada");
  });

  test("a plan made before data_sugerida: each post on its week's first day in the month, said discreetly", async ({
    page,
  }) => {
    await signInOrRegister(page, PLANNER);
    const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`;
    const plan = await createPlan(page, `Cliente Sem Data ${stamp}`);
    const content = plan.content!;
    const undated = {
      ...content,
      calendario_editorial: {
        semanas: content.calendario_editorial.semanas.map((week) => ({
          ...week,
          posts: week.posts.map(({ data_sugerida: _, ...post }) => post),
        })),
      },
    };
    const saved = await page.request.put(`/api/planejamentos/${plan.id}`, {
      data: { version: plan.version, content: undated },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await page.goto(`/planejamento/visualizar/${plan.id}`);
    await expect(
      page.getByText(/Posts sem data sugerida .* aparecem no primeiro dia da sua semana/),
    ).toBeVisible();
    await shot(page, "plan-calendar-undated-1280.png");
    for (const week of content.calendario_editorial.semanas) {
      const first = week.posts[0];
      if (!first) continue;
      await expect(
        day(page, week.data_inicio!)
          .getByRole("button", { name: new RegExp(`${escapeRegExp(first.titulo)}.*sem data sugerida`) })
          .first(),
      ).toBeVisible();
    }
  });
});
