import type { Page } from "@playwright/test";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { personBrowser, sendReimbursement, teamFor } from "./people";
import { signInOrRegister, signInThroughEmail, uniqueEmail } from "./support";

/*
 * 'Substituto' (docs/decisions/060), one browser per person: a reviewer names a colleague of their
 * team on 'Minha conta', takes a reimbursement, and goes away (an absence from today, approved by
 * RH); the request is the substitute's at once, and what the substitute decides reads
 * 'substituindo' on the timeline.
 */

const standing = (page: Page) => page.getByRole("region", { name: "Situação" });
const actions = (page: Page) => page.getByRole("group", { name: "Ações" });
const timeline = (page: Page) => page.getByTestId("timeline");
const saoPauloToday = () => new Date().toLocaleDateString("sv-SE", { timeZone: "America/Sao_Paulo" });

function addDays(iso: string, days: number) {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A surname of this attempt's own: the people of a retry must not meet the first try's. */
const suffix = Date.now()
  .toString(36)
  .replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);

test.describe("'Substituto' (decision 060)", () => {
  test("an away reviewer's request goes to the substitute, whose approval reads 'substituindo'", async ({
    page,
    browser,
    baseURL,
    signIn,
  }, testInfo) => {
    await signIn({ name: "Carla Dias" });
    const [brunoEmail, anaEmail, ritaEmail] = [uniqueEmail("bruno"), uniqueEmail("ana"), uniqueEmail("rita")];
    const bruno = await personBrowser(browser, baseURL);
    const ana = await personBrowser(browser, baseURL);
    const rita = await personBrowser(browser, baseURL);
    const phone = await personBrowser(browser, baseURL, { width: 390, height: 844 });
    const [brunoName, anaName] = [`Bruno ${suffix}`, `Ana ${suffix}`];
    try {
      await signInThroughEmail(bruno.page, { email: brunoEmail, name: brunoName });
      await signInThroughEmail(ana.page, { email: anaEmail, name: anaName });
      await signInThroughEmail(rita.page, { email: ritaEmail, name: "Rita RH" });
      await teamFor(browser, baseURL, [brunoEmail, anaEmail], { kinds: ["reembolso"] });
      await teamFor(browser, baseURL, [ritaEmail], { kinds: ["ausencia"] });

      // Bruno names Ana on 'Minha conta'; nobody outside his teams is offered.
      await bruno.page.goto("/conta");
      const section = bruno.page.getByRole("region", { name: "Substituto" });
      await expect(section).toBeVisible();
      await section.getByRole("combobox", { name: "Quem substitui você" }).click();
      const options = bruno.page.getByRole("option");
      await expect(options.filter({ hasText: anaName })).toHaveCount(1);
      await expect(options.filter({ hasText: "Rita RH" })).toHaveCount(0);
      await options.filter({ hasText: anaName }).click();
      await expect(bruno.page.getByText("Substituto salvo")).toBeVisible();
      await section.screenshot({ path: testInfo.outputPath("substituto-conta.png") });

      // The same choice, read back on his phone.
      await signInOrRegister(phone.page, { email: brunoEmail, name: brunoName });
      await phone.page.goto("/conta");
      await expect(
        phone.page
          .getByRole("region", { name: "Substituto" })
          .getByRole("combobox", { name: "Quem substitui você" }),
      ).toContainText(anaName);
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await phone.page.screenshot({
        path: testInfo.outputPath("substituto-conta-celular.png"),
        fullPage: true,
      });

      // Bruno takes Carla's reimbursement.
      const id = await sendReimbursement(page, testInfo, `Táxi ${suffix}`);
      await bruno.page.goto(`/solicitacoes/reembolso/${id}`);
      await actions(bruno.page).getByRole("button", { name: "Assumir" }).click();
      await expect(standing(bruno.page)).toContainText(`Responsável: ${brunoName}`);

      // Bruno is away from today: his absence, approved by RH.
      const today = saoPauloToday();
      const sent = await bruno.page.request.post("/api/solicitacoes/ausencia", {
        headers: { "idempotency-key": crypto.randomUUID() },
        multipart: { tipo: "folga", primeiroDia: today, ultimoDia: addDays(today, 6), observacao: "" },
      });
      expect(sent.status(), await sent.text()).toBe(201);
      const absence = (await sent.json()).id as string;
      for (const acao of ["assumir", "aprovar"]) {
        const moved = await rita.page.request.post(`/api/solicitacoes/ausencia/${absence}/acoes`, {
          data: { acao },
        });
        expect(moved.status(), await moved.text()).toBe(200);
      }

      // Ana's page: the request is hers, the timeline says why, and her approval is signed for Bruno.
      await ana.page.goto(`/solicitacoes/reembolso/${id}`);
      await expect(standing(ana.page)).toContainText(`Responsável: ${anaName}`);
      await expect(timeline(ana.page)).toContainText(`${brunoName} está ausente`);
      await expect(timeline(ana.page)).toContainText(`A solicitação passou para ${anaName}`);
      await actions(ana.page).getByRole("button", { name: "Aprovar" }).click();
      const dialog = ana.page.getByRole("dialog");
      await dialog.getByLabel("Verifiquei os alertas e quero aprovar").check();
      await dialog.getByRole("button", { name: "Aprovar" }).click();
      await expect(dialog).toBeHidden();
      await expect(standing(ana.page)).toContainText("Aprovado");
      await expect(timeline(ana.page)).toContainText(`${anaName} (substituindo ${brunoName})`);
      expect(await seriousA11yViolations(ana.page)).toEqual([]);
      await ana.page.screenshot({
        path: testInfo.outputPath("substituto-linha-do-tempo.png"),
        fullPage: true,
      });

      // Carla sees the decision, not who was away.
      await page.goto(`/solicitacoes/reembolso/${id}`);
      await expect(standing(page)).toContainText("Aprovado");
      await expect(timeline(page)).not.toContainText("está ausente");
    } finally {
      for (const person of [bruno, ana, rita, phone]) await person.context.close();
    }
  });
});
