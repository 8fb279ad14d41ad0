import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { asAdmin } from "./people";
import { uniqueEmail } from "./support";

/*
 * 'Minhas solicitações', 'Caixa de entrada' and a request's page arrive drawn by the server for the
 * signed-in person (decision 068), as / does (decision 027): on screen before any script runs, then
 * replaced by the app's own drawing. Screenshots of both at 1280×800 and 390×844 are kept beside
 * the results, to be looked at.
 */

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** Holds the main script until `release()`: what is on screen meanwhile is the HTML's alone. */
async function holdMainScript(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
    await page.unrouteAll({ behavior: "wait" });
  };
}

async function sendMaterial(page: Page, descricao: string) {
  const sent = await page.request.post("/api/solicitacoes/material", {
    headers: { "idempotency-key": crypto.randomUUID() },
    data: { nome: "Rita Alves", descricao, motivo: "A atual quebrou", quantidade: 1, urgencia: "media" },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return (await sent.json()).id as string;
}

/** Opens `url` with the main script held: checks the drawn page, lets the app run, checks it took over. */
async function drawnThenApp(
  page: Page,
  url: string,
  shot: (name: string) => Promise<void>,
  check: { drawn: (drawn: ReturnType<Page["locator"]>) => Promise<void>; app: () => Promise<void> },
) {
  const release = await holdMainScript(page);
  await page.goto(url, { waitUntil: "commit" });
  const drawn = page.locator("#prerendered");
  await expect(drawn).toBeVisible();
  await expect(drawn).toHaveAttribute("inert", "");
  await expect(drawn).toHaveAttribute("aria-hidden", "true");
  await expect(page.locator("#root")).toBeHidden();
  await check.drawn(drawn);
  await shot("drawn");
  await release();
  await expect(drawn).toHaveCount(0);
  await check.app();
  await shot("app");
}

test("'Minhas solicitações' and a request's page arrive drawn, then the app takes over", async ({
  page,
  signIn,
}, testInfo) => {
  await signIn({ name: "Rita Alves" });
  const id = await sendMaterial(page, "Cadeira ergonômica");
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const shot = (name: string) => async (step: string) => {
      await page.screenshot({
        path: testInfo.outputPath(`${name}-${step}-${viewport.width}.png`),
        fullPage: true,
      });
    };

    await drawnThenApp(page, "/solicitacoes?nosplash", shot("solicitacoes"), {
      drawn: async (drawn) => {
        await expect(drawn.locator("h1")).toHaveText("Minhas solicitações");
        await expect(drawn.getByTestId("requests-loading")).toBeAttached();
      },
      app: async () => {
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Minhas solicitações");
        await expect(page.locator("main")).toContainText("Cadeira ergonômica");
      },
    });

    // A request's page is drawn with the request, as the app draws it once it has it.
    await drawnThenApp(page, `/solicitacoes/material/${id}?nosplash`, shot("solicitacao"), {
      drawn: async (drawn) => {
        await expect(drawn.locator("main h1")).toHaveText("Material");
        await expect(drawn.locator("main")).toContainText("Cadeira ergonômica");
      },
      app: async () => {
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Material");
        await expect(page.locator("main")).toContainText("Cadeira ergonômica");
      },
    });
  }
});

test("'Caixa de entrada' arrives drawn for a reviewer, then the app shows the queue", async ({
  page,
  browser,
  baseURL,
  signIn,
}, testInfo) => {
  const reviewer = uniqueEmail("revisora");
  await asAdmin(browser, baseURL, async (admin) => {
    const created = await admin.request.post("/api/admin/equipes", {
      data: {
        name: `Mesa ${Date.now().toString(36)}`,
        kinds: ["material"],
        departamentos: [],
        members: [reviewer],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await sendMaterial(admin, "Monitor de 27 polegadas");
  });
  await signIn({ email: reviewer, name: "Vera Reis" });
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await drawnThenApp(
      page,
      "/caixa?nosplash",
      async (step) => {
        await page.screenshot({
          path: testInfo.outputPath(`caixa-${step}-${viewport.width}.png`),
          fullPage: true,
        });
      },
      {
        drawn: async (drawn) => {
          await expect(drawn.locator("h1")).toHaveText("Caixa de entrada");
        },
        app: async () => {
          await expect(page.getByRole("heading", { level: 1 })).toHaveText("Caixa de entrada");
          await expect(page.locator("main")).toContainText("Monitor de 27 polegadas");
        },
      },
    );
  }
});
