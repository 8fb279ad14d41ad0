import { expect, skipSplash, test } from "./fixtures";
import { asAdmin } from "./people";
import { signInOrRegister, uniqueEmail } from "./support";

/*
 * Decision 014: a team member opens the Painel at desktop and phone
 * sizes and sees its four charts, with the numbers on hover. The screenshots
 * are kept beside the test's results to be looked at.
 */

test("the Painel shows its charts at 1280×800 and 390×844 (decision 014)", async ({
  page,
  browser,
  baseURL,
  signIn,
}, testInfo) => {
  const memberEmail = uniqueEmail("painel");
  await signIn({ name: "Ana Souza" });
  // Ana asks for material twice; the member's team handles material.
  for (const item of ["Cadeira ergonômica", "Monitor de 27 polegadas"]) {
    const sent = await page.request.post("/api/solicitacoes/material", {
      headers: { "idempotency-key": crypto.randomUUID() },
      data: {
        nome: "Ana Souza",
        descricao: item,
        motivo: "A atual quebrou",
        quantidade: 1,
        urgencia: "media",
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  await asAdmin(browser, baseURL, async (admin) => {
    const created = await admin.request.post("/api/admin/equipes", {
      data: {
        name: `Painel ${Date.now().toString(36)}`,
        kinds: ["material"],
        departamentos: [],
        members: [memberEmail],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const target = await admin.request.put("/api/admin/prazos/material", { data: { metaHoras: 16 } });
    expect(target.status(), await target.text()).toBe(200);
  });

  try {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({
        baseURL,
        viewport,
        isMobile: viewport.width < 500,
        hasTouch: viewport.width < 500,
        locale: "pt-BR",
        timezoneId: "America/Sao_Paulo",
        extraHTTPHeaders: { "x-forwarded-for": `10.212.78.${viewport.width % 250}` },
      });
      const member = await context.newPage();
      await skipSplash(member);
      try {
        await signInOrRegister(member, { email: memberEmail, name: "Marcos Compras" });
        await member.goto("/painel");
        await expect(member.getByRole("heading", { level: 1, name: "Painel" })).toBeVisible();
        for (const chart of ["solicitacoes", "prazos", "valores", "tempos"])
          await expect(member.getByTestId(`chart-${chart}`)).toBeVisible();
        // Drawn, not empty: the requests chart has bars, the open requests are counted.
        await expect(
          member.getByTestId("chart-solicitacoes").locator(".recharts-bar-rectangle").first(),
        ).toBeVisible();
        // The team handles every material request, and walks running beside this one ask for
        // material too (one database for the suite): Ana's two are among those counted.
        await expect(member.getByTestId("chart-prazos")).toContainText(/\d+ abertas/);
        const open = /(\d+) abertas/.exec((await member.getByTestId("chart-prazos").textContent()) ?? "");
        expect(Number(open?.[1])).toBeGreaterThanOrEqual(2);
        // The numbers on hover.
        await member.getByTestId("chart-solicitacoes").locator(".recharts-bar-rectangle").last().hover();
        await expect(
          member.getByTestId("chart-solicitacoes").locator(".recharts-tooltip-wrapper"),
        ).toContainText("Material");
        // Nothing wider than the screen.
        const overflow = await member.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        // The screen as people see it, then the whole page (a full-page capture resizes the window, and the
        // charts redraw for it: the first one is the faithful picture).
        await member.screenshot({ path: testInfo.outputPath(`painel-${viewport.width}.png`) });
        await member.screenshot({
          path: testInfo.outputPath(`painel-${viewport.width}-inteira.png`),
          fullPage: true,
        });
      } finally {
        await context.close();
      }
    }
  } finally {
    // The target belongs to the whole e2e server: removed, so no other test meets deadlines.
    await asAdmin(browser, baseURL, async (admin) => {
      await admin.request.put("/api/admin/prazos/material", { data: { metaHoras: null } });
    });
  }
});
