import { expect, seriousA11yViolations, test } from "./fixtures";
import { choose } from "./forms";
import { signInOrRegister } from "./support";

/*
 * /planejamento/clientes against the real server, as the allow-listed planner
 * of this spec (PLANNING_MANAGERS of e2e/global-setup.ts). Clients are never
 * deleted, so every run names its own.
 */

test.describe("clients", () => {
  test("create with every field, edit, and a name taken in another case", async ({ page }) => {
    await signInOrRegister(page, {
      email: "planejamento.clientes@agencia.digital",
      name: "Paula Planejamento",
    });
    const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`;
    const name = `Padaria Pão Quente ${stamp}`;
    const newName = `Padaria Pão Dourado ${stamp}`;

    await page.goto("/planejamento/clientes");
    await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Novo Planejamento", exact: true })).toHaveAttribute(
      "href",
      "/planejamento",
    );
    await page.getByRole("button", { name: "Novo cliente" }).click();
    await expect(page.getByRole("heading", { name: "Cadastrar cliente" })).toBeVisible();
    const form = page.getByRole("form", { name: "Cadastrar cliente" });

    await form.getByRole("button", { name: "Salvar" }).click();
    await expect(form.getByText("Nome deve ter pelo menos 2 caracteres")).toBeVisible();

    await form.getByLabel("Nome").fill(name);
    await form.getByLabel("Segmento").fill("Alimentação");
    await choose(page, "Tipo de mercado", "B2C");
    await form.getByLabel("Tom de voz").fill("Acolhedor e próximo");
    await form.getByLabel("Persona").fill("Famílias do bairro que compram pão todas as manhãs.");
    await form.getByLabel("Observações").fill("Prefere posts pela manhã.");
    await form.getByLabel("Site").fill("paoquente.com.br");
    await form.getByLabel("Instagram").fill("https://instagram.com/paoquente");
    await form.getByLabel("Facebook").fill("https://facebook.com/paoquente");
    await form.getByLabel("LinkedIn").fill("https://www.linkedin.com/company/paoquente");
    await form.getByLabel("YouTube").fill("https://youtube.com/@paoquente");

    // An address without its scheme is refused under its own field, and nothing is sent.
    await form.getByRole("button", { name: "Salvar" }).click();
    await expect(form.getByText("Deve ser uma URL válida")).toBeVisible();
    await expect(form.getByLabel("Site")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Cliente cadastrado com sucesso!")).toHaveCount(0);

    await form.getByLabel("Site").fill("https://paoquente.com.br");
    await expect(form.getByText("Deve ser uma URL válida")).toHaveCount(0);
    await form.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText("Cliente cadastrado com sucesso!")).toBeVisible();
    await expect(form).toHaveCount(0);

    const card = page.getByRole("article", { name: name });
    await expect(card).toBeVisible();
    for (const text of ["Alimentação", "B2C", "Acolhedor e próximo", "Famílias do bairro"]) {
      await expect(card).toContainText(text);
    }
    const links = card.getByRole("list", { name: `Links de ${name}` });
    await expect(links.getByRole("link")).toHaveCount(5);
    await expect(links.getByRole("link", { name: `Site de ${name} (abre em nova aba)` })).toHaveAttribute(
      "href",
      "https://paoquente.com.br",
    );
    await expect(links.getByRole("link", { name: /^Instagram de/ })).toHaveAttribute(
      "href",
      "https://instagram.com/paoquente",
    );

    // Edit: the form comes back filled; the name, the market type and a link change.
    await card.getByRole("button", { name: `Editar ${name}` }).click();
    await expect(page.getByRole("heading", { name: "Editar cliente" })).toBeVisible();
    const editForm = page.getByRole("form", { name: "Editar cliente" });
    await expect(editForm.getByLabel("Nome")).toHaveValue(name);
    await expect(editForm.getByLabel("Observações")).toHaveValue("Prefere posts pela manhã.");
    await expect(editForm.getByRole("combobox", { name: "Tipo de mercado" })).toContainText("B2C");
    await editForm.getByLabel("Nome").fill(newName);
    await choose(page, "Tipo de mercado", "B2B e B2C");
    await editForm.getByLabel("YouTube").fill("");
    await editForm.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText("Cliente atualizado com sucesso!")).toBeVisible();
    await expect(editForm).toHaveCount(0);
    const edited = page.getByRole("article", { name: newName });
    await expect(edited).toContainText("B2B e B2C");
    await expect(edited.getByRole("list", { name: `Links de ${newName}` }).getByRole("link")).toHaveCount(4);
    await expect(page.getByRole("article", { name: name })).toHaveCount(0);

    // The same name in another case belongs to that client: the server says so under the name.
    await page.getByRole("button", { name: "Novo cliente" }).click();
    const second = page.getByRole("form", { name: "Cadastrar cliente" });
    await second.getByLabel("Nome").fill(newName.toUpperCase());
    await second.getByRole("button", { name: "Salvar" }).click();
    await expect(second.getByText("Já existe um cliente com este nome")).toBeVisible();
    await expect(second.getByLabel("Nome")).toHaveAttribute("aria-invalid", "true");
    await expect(second.getByLabel("Nome")).toBeFocused();
    await expect(page.getByText("Erro ao salvar cliente")).toBeVisible();
    await second.getByRole("button", { name: "Cancelar" }).click();
    await expect(second).toHaveCount(0);
    await expect(page.getByRole("article", { name: newName, exact: true })).toHaveCount(1);
  });

  test("no serious axe violations on the list and the form", async ({ page }) => {
    await signInOrRegister(page, {
      email: "planejamento.clientes@agencia.digital",
      name: "Paula Planejamento",
    });
    await page.goto("/planejamento/clientes");
    await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
    await expect(page.getByText("Carregando clientes...")).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Novo cliente" }).click();
    const form = page.getByRole("form", { name: "Cadastrar cliente" });
    await form.getByLabel("Site").fill("site-sem-endereco");
    await form.getByRole("button", { name: "Salvar" }).click();
    await expect(form.getByText("Deve ser uma URL válida")).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("more than a page of clients: 'Carregar mais clientes' brings the next; the plan form offers them all", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInOrRegister(page, {
      email: "planejamento.clientes@agencia.digital",
      name: "Paula Planejamento",
    });
    // 101 clients whose names sort after everyone else's: past the first page of 30 here, and past
    // the plan form's first page of 100.
    const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`;
    const name = (i: number) => `Zz Lote ${stamp} ${String(i).padStart(3, "0")}`;
    for (let start = 1; start <= 101; start += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, 102 - start) }, async (_, k) => {
          const response = await page.request.post("/api/clients", { data: { name: name(start + k) } });
          expect(response.status(), await response.text()).toBe(201);
        }),
      );
    }

    await page.goto("/planejamento/clientes");
    const cards = page.getByRole("list", { name: "Clientes" }).locator(":scope > li");
    await expect(cards).toHaveCount(30);
    const last = page.getByRole("article", { name: name(101), exact: true });
    await expect(last).toHaveCount(0);
    const more = page.getByRole("button", { name: "Carregar mais clientes" });
    for (let pages = 1; pages < 20 && (await last.count()) === 0; pages++) {
      const before = await cards.count();
      await more.click();
      await expect.poll(() => cards.count()).toBeGreaterThan(before);
    }
    await expect(last).toBeVisible();
    await expect(more).toHaveCount(0);
    expect(await cards.count()).toBeGreaterThan(101);

    // The plan request form's select loads every page: the last client is there to choose.
    await page.goto("/planejamento");
    const select = page.getByRole("combobox", { name: "Cliente" });
    await expect(select).toBeEnabled();
    await select.click();
    await expect(page.getByRole("option", { name: name(101), exact: true })).toHaveCount(1);
    await expect(page.getByRole("option", { name: name(1), exact: true })).toHaveCount(1);
  });
});
