import { expect, test } from "./fixtures";
import { personBrowser, sendReimbursement, teamFor } from "./people";
import { signInThroughEmail, uniqueEmail } from "./support";

/*
 * 'Buscar' (docs/decisions/034): the requester finds their own requests by a
 * word, accents or not; the reviewer finds in 'Caixa de entrada' only what
 * their team handles. Two people, two browsers; the second on a phone.
 */

test.describe("'Buscar'", () => {
  test("the requester and the reviewer each find a request by a word of it", async ({
    page,
    browser,
    baseURL,
    signIn,
  }, testInfo) => {
    const word = `Zeppelin${Date.now().toString(36)}`;
    const financeEmail = uniqueEmail("financeiro");
    await signIn({ name: "Ana Souza" });
    await sendReimbursement(page, testInfo, `Almoço com o cliente ${word}`);
    await sendReimbursement(page, testInfo, "Táxi até o aeroporto");

    await page.goto("/solicitacoes");
    await expect(page.getByRole("list", { name: "Solicitações" }).getByRole("listitem")).toHaveCount(2);
    await page.getByLabel("Buscar").fill("almoco");
    await expect(page.getByRole("list", { name: "Solicitações" }).getByRole("listitem")).toHaveCount(1);
    await expect(page.getByText(`Almoço com o cliente ${word}`)).toBeVisible();
    await expect(page).toHaveURL(/busca=almoco/);
    await page.screenshot({ path: testInfo.outputPath("solicitacoes-buscar-desktop.png"), fullPage: true });
    await page.getByLabel("Buscar").fill("hotel");
    await expect(page.getByText("Nenhuma solicitação encontrada com “hotel”.")).toBeVisible();
    await page.getByRole("button", { name: "Limpar busca" }).click();
    await expect(page.getByRole("list", { name: "Solicitações" }).getByRole("listitem")).toHaveCount(2);

    const finance = await personBrowser(browser, baseURL, { width: 390, height: 844 });
    try {
      await signInThroughEmail(finance.page, { email: financeEmail, name: "Fábio Financeiro" });
      await teamFor(browser, baseURL, [financeEmail], { kinds: ["reembolso"] });
      await finance.page.goto(`/caixa?busca=${word.toLowerCase()}`);
      await expect(finance.page.getByLabel("Buscar")).toHaveValue(word.toLowerCase());
      await expect(finance.page.getByText(`Almoço com o cliente ${word}`)).toBeVisible();
      await expect(finance.page.getByText("Táxi até o aeroporto")).toHaveCount(0);
      await finance.page.screenshot({ path: testInfo.outputPath("caixa-buscar-phone.png"), fullPage: true });
    } finally {
      await finance.context.close();
    }
  });
});
