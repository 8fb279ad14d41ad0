import { expect, seriousA11yViolations, skipSplash, test } from "./fixtures";
import { signInOrRegister, signInThroughEmail } from "./support";

test.describe("layout and sidebar", () => {
  test("the splash counts down and then shows the app", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto("/login");
    await expect(page.getByText("Carregando seu workspace...")).toBeVisible();
    // Which status shows depends on how far the 3 s have run by now (a loaded CI machine is late):
    // the thresholds themselves are unit-tested.
    await expect(
      page.getByText(
        /^(Inicializando sistema|Carregando componentes|Configurando interface)\.\.\.$|^Quase pronto!$/,
      ),
    ).toBeVisible();
    await expect(page.getByRole("progressbar")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Login" })).toBeVisible({ timeout: 6000 });
    await expect(page.getByText("Carregando seu workspace...")).toHaveCount(0);
    await context.close();
  });

  test("a slow authentication check warns after 5 s and reloads 3 s later", async ({ page }) => {
    // /api/me never answers: the loader must not wait forever.
    await page.route("**/api/me", () => {});
    let loads = 0;
    page.on("load", () => loads++);
    await page.goto("/");
    await expect(page.getByText("Verificando autenticação...")).toBeVisible();
    await expect(page.getByText("Está demorando mais que o esperado...")).toBeHidden();
    await expect(page.getByText("Está demorando mais que o esperado...")).toBeVisible({ timeout: 7_000 });
    await expect.poll(() => loads, { timeout: 6_000 }).toBeGreaterThanOrEqual(2);
  });

  test("home greets by name and links to the open sections only", async ({ page, signIn }) => {
    await signIn({ name: "Carla Dias" });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Carla");
    await expect(
      page.getByText(
        /^(Domingo|Segunda-feira|Terça-feira|Quarta-feira|Quinta-feira|Sexta-feira|Sábado), \d{1,2} de [A-ZÇ][a-zç]+ de \d{4}$/,
      ),
    ).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Menu principal" });
    for (const label of [
      "Início",
      "Reembolso",
      "Bolsa de Capacitação",
      "Material",
      "Análise de páginas",
      "Suporte",
    ]) {
      await expect(nav.getByRole("link", { name: new RegExp(label) })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: /Vagas/ })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: /Planejamento/ })).toHaveCount(0);
    await page.goto("/vagas");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/planejamento/lista");
    await expect(page).toHaveURL(/\/$/);
  });

  test("an allow-listed user sees the staff items", async ({ page }) => {
    await signInOrRegister(page, { email: "vagas@agencia.digital", name: "Gestora de Vagas" });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Menu principal" });
    await expect(nav.getByRole("link", { name: /Vagas/ })).toBeVisible();
    await expect(nav.getByRole("link", { name: /Novo Planejamento/ })).toHaveCount(0);
    await nav.getByRole("link", { name: /Vagas/ }).click();
    await expect(page).toHaveURL(/\/vagas$/);
  });

  test("Ctrl+B collapses the sidebar and the state survives a reload", async ({ page, signIn }) => {
    await signIn();
    await page.goto("/");
    const sidebar = page
      .locator("[data-sidebar-root], [data-state]")
      .filter({ has: page.getByRole("navigation", { name: "Menu principal" }) })
      .first();
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await page.keyboard.press("Control+b");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    await page.reload();
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "sidebar_state")?.value).toBe("false");
    await page.keyboard.press("Control+b");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
  });

  test("on a phone the sidebar is off-canvas and closes after navigating", async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await skipSplash(page);
    await signInThroughEmail(page);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Menu principal" });
    await expect(nav).toBeHidden();
    await page.getByRole("button", { name: "Alternar menu lateral" }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole("link", { name: /Reembolso/ }).click();
    await expect(page).toHaveURL(/\/reembolso$/);
    await expect(nav).toBeHidden();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await context.close();
  });
});

test.describe("accessibility (axe-core: no serious or critical violations)", () => {
  for (const path of ["/login", "/register", "/nao-existe"]) {
    test(`public page ${path}`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }

  test("home and a section page, signed in", async ({ page, signIn }) => {
    await signIn();
    for (const path of ["/", "/suporte"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(await seriousA11yViolations(page), path).toEqual([]);
    }
  });
});
