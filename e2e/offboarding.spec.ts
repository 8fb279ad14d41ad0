import { expect, test } from "./fixtures";
import { ADMIN, personBrowser, teamFor } from "./people";
import { PASSWORD, signInOrRegister, signInThroughEmail, uniqueEmail } from "./support";

/*
 * Offboarding (docs/decisions/048): an administrator switches off, on 'Pessoas', the account of a
 * colleague who left; the colleague's open browser is signed out and no sign-in works any more.
 */

test.describe("'Pessoas': deactivating a colleague's account", () => {
  test("the administrator deactivates; the colleague's session ends and signing in says why", async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = uniqueEmail("saiu");
    const colleague = await personBrowser(browser, baseURL, { width: 390, height: 844 });
    try {
      await signInThroughEmail(colleague.page, { email, name: "Davi Saída" });
      await teamFor(browser, baseURL, [email], { kinds: ["material"] });
      await colleague.page.goto("/");
      await expect(colleague.page.getByTestId("user-first-name")).toHaveText("Davi");

      await signInOrRegister(page, { email: ADMIN, name: "Alice Admin" });
      await page.goto("/");
      await page.getByTestId("app-sidebar").getByRole("link", { name: "Pessoas" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Pessoas" })).toBeVisible();
      await page.getByLabel("Buscar").fill(email);
      // The search has answered (only this account is listed) before anything is switched: acting on
      // the unfiltered list while the search's answer replaces it raced the list's refresh.
      await expect(page.getByRole("list", { name: "Contas" }).getByRole("listitem")).toHaveCount(1);
      const row = page.getByRole("listitem").filter({ hasText: email });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("Equipes: Equipe");
      await row.getByRole("button", { name: "Desativar" }).click();
      await page
        .getByRole("dialog", { name: "Desativar esta conta?" })
        .getByRole("button", { name: "Desativar" })
        .click();
      await expect(row).toContainText("Desativada");
      await expect(row).toContainText("Sem equipe");

      // The colleague's open page loses its session: the next page asks to sign in.
      await colleague.page.reload();
      await expect(colleague.page).toHaveURL(/\/login/);
      await colleague.page.getByLabel("Email").fill(email);
      await colleague.page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
      await colleague.page.getByRole("button", { name: "Entrar", exact: true }).click();
      await expect(colleague.page.getByText("Conta desativada. Fale com o administrador.")).toBeVisible();
      await expect(colleague.page).toHaveURL(/\/login/);

      await row.getByRole("button", { name: "Reativar" }).click();
      await expect(row).toContainText("Ativa");
      await colleague.page.getByRole("button", { name: "Entrar", exact: true }).click();
      await expect(colleague.page.getByTestId("user-first-name")).toHaveText("Davi");
    } finally {
      await colleague.context.close();
    }
  });
});
