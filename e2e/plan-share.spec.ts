import { planYears } from "../src/domain/planning/options";
import type { PlanCreated } from "../src/domain/planning/plan";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { personBrowser } from "./people";
import { signInOrRegister } from "./support";

/*
 * 'Compartilhar com o cliente' (decision 020): the planner makes the link in the
 * viewer, a second browser with no session opens it, comments on a post and
 * approves; the planner's open viewer shows both through the live stream.
 */

const PLANNER = { email: "planejamento.cliente@agencia.digital", name: "Paula Planejadora" };
const YEAR = planYears()[1]!;

test("the planner shares a plan; the client, signed out, comments on a post and approves it; the planner sees both live", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await signInOrRegister(page, PLANNER);
  const client = `Cliente Aprovação ${Date.now().toString(36)}${testInfo.workerIndex}`;
  const clientRes = await page.request.post("/api/clients", { data: { name: client } });
  expect(clientRes.status(), await clientRes.text()).toBe(201);
  const created = await page.request.post("/api/planejamentos", {
    data: {
      clienteId: ((await clientRes.json()) as { id: string }).id,
      mesReferencia: "11",
      anoReferencia: YEAR,
      canaisPlataformas: ["Instagram", "LinkedIn"],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { planejamento_id: planId } = (await created.json()) as PlanCreated;

  await page.goto(`/planejamento/visualizar/${planId}`);
  await expect(page.getByRole("heading", { level: 1, name: client })).toBeVisible();
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: testInfo.outputPath(`planejador-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: "Compartilhar com o cliente" }).click();
  const panel = page.getByRole("dialog", { name: "Compartilhar com o cliente" });
  await expect(panel.getByText("Nenhum link ativo para este planejamento.")).toBeVisible();
  await panel.getByRole("button", { name: "Criar link" }).click();
  const linkField = panel.getByLabel("Link para o cliente");
  await expect(linkField).toHaveValue(/\/cliente\/planejamento\/[A-Za-z0-9_-]{43}$/);
  const url = new URL(await linkField.inputValue());
  await expect(panel.getByTestId("link-ativo")).toContainText("Link ativo até");
  await expect(panel.getByRole("button", { name: "Revogar" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("planejador-link-1280x800.png") });
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("historico")).toContainText("Criou um link para o cliente");

  // The client: another browser, never signed in.
  const visitor = await personBrowser(browser, baseURL);
  const clientPage = visitor.page;
  await clientPage.goto(url.pathname);
  await expect(clientPage.getByRole("heading", { level: 1, name: client })).toBeVisible();
  await expect(clientPage.getByText("Novembro/")).toBeVisible();
  // No sidebar, no account menu: nothing of the app around the plan.
  await expect(clientPage.getByRole("navigation")).toHaveCount(0);
  await expect(clientPage.getByRole("button", { name: "Criar Tarefa" })).toHaveCount(0);
  expect(await seriousA11yViolations(clientPage)).toEqual([]);

  const post = clientPage.getByTestId("post-cliente").first();
  const postTitle = (await post.getByRole("heading", { level: 4 }).textContent())!;
  await post.getByRole("button", { name: "Comentar" }).click();
  await post.getByRole("button", { name: "Enviar comentário" }).click();
  await expect(post.getByText("Informe o seu nome")).toBeVisible();
  await expect(post.getByText("Escreva o comentário")).toBeVisible();
  await post.getByLabel("Seu nome").fill("Carla Cliente");
  await post.getByLabel("Comentário").fill("Podemos usar a foto da fachada neste post?");
  await post.getByRole("button", { name: "Enviar comentário" }).click();
  await expect(post.getByText("Podemos usar a foto da fachada neste post?")).toBeVisible();

  // For people to look at: the page's top and the commented post, on a desktop and on a phone.
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await clientPage.setViewportSize(size);
    await clientPage.evaluate(() => window.scrollTo(0, 0));
    await clientPage.screenshot({ path: testInfo.outputPath(`cliente-${size.width}x${size.height}.png`) });
    await post.scrollIntoViewIfNeeded();
    await clientPage.screenshot({
      path: testInfo.outputPath(`cliente-post-${size.width}x${size.height}.png`),
    });
  }
  await clientPage.setViewportSize({ width: 1280, height: 800 });

  // The planner's open viewer, without a reload: the comment under its post.
  const comments = page.getByTestId("post-comentado");
  await expect(comments).toContainText(postTitle);
  await expect(comments).toContainText("Podemos usar a foto da fachada neste post?");
  // In the month grid (decision 018) the post shows how many; the table, one click away, links to them.
  await expect(
    page
      .getByRole("region", { name: /^Calendário de / })
      .getByRole("button", { name: new RegExp(`${postTitle}.*1 comentário do cliente`) }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Tabela", exact: true }).click();
  // On the post itself, in the calendar: how many comments, a link to them.
  await expect(
    page
      .getByRole("row", { name: new RegExp(postTitle) })
      .getByRole("link", { name: "1 comentário do cliente" }),
  ).toBeVisible();
  await page
    .getByRole("row")
    .filter({ hasText: postTitle })
    .first()
    .screenshot({ path: testInfo.outputPath("planejador-post-1280x800.png") });

  const approval = clientPage.locator("#aprovacao");
  await expect(approval.getByLabel("Seu nome")).toHaveValue("Carla Cliente");
  await approval.scrollIntoViewIfNeeded();
  await clientPage.screenshot({ path: testInfo.outputPath("cliente-aprovar-1280x800.png") });
  await approval.getByRole("button", { name: "Aprovar planejamento" }).click();
  await expect(clientPage.getByTestId("aprovado")).toContainText("Por Carla Cliente em");
  await clientPage.setViewportSize({ width: 390, height: 844 });
  await clientPage.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await clientPage.screenshot({ path: testInfo.outputPath("cliente-aprovado-390x844.png") });
  expect(await visitor.context.cookies()).toEqual([]);
  await visitor.context.close();

  await expect(page.getByRole("main").getByTestId("plan-status")).toHaveText("Aprovado pelo cliente");
  await expect(page.getByTestId("aprovacao-cliente")).toContainText("Carla Cliente");
  await expect(page.getByTestId("historico")).toContainText("Carla Cliente (cliente): Aprovado pelo cliente");
  await page.locator("section[aria-labelledby='cliente-titulo']").screenshot({
    path: testInfo.outputPath("planejador-cliente-1280x800.png"),
  });
});
