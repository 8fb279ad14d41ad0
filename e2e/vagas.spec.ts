import { expect, seriousA11yViolations, test } from "./fixtures";
import { choose } from "./forms";
import { signInOrRegister } from "./support";

/*
 * /vagas against the real server, as allow-listed managers (VAGAS_MANAGERS of
 * e2e/global-setup.ts holds one address per test here).
 */

test.describe("vagas", () => {
  test("create with list inputs, edit, and delete through the confirmation", async ({ page }) => {
    await signInOrRegister(page, { email: "vagas.lista@agencia.digital", name: "Gestora de Vagas" });
    const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`;
    const titulo = `Designer Pleno ${stamp}`;
    const newTitle = `Designer Sênior ${stamp}`;

    await page.goto("/vagas");
    await expect(page.getByRole("heading", { level: 1, name: "Vagas" })).toBeVisible();
    await page.getByRole("button", { name: "Nova Vaga" }).click();
    await expect(page.getByRole("heading", { name: "Cadastrar vaga" })).toBeVisible();
    const form = page.getByRole("form", { name: "Cadastrar vaga" });

    // The defaults, then the schema's messages on an empty submit.
    await expect(form.getByRole("combobox", { name: "Regime de contratação" })).toContainText("CLT");
    await expect(form.getByRole("combobox", { name: "Modelo de trabalho" })).toContainText("Remoto");
    await form.getByRole("button", { name: "Cadastrar vaga" }).click();
    await expect(form.getByText("Título deve ter pelo menos 3 caracteres")).toBeVisible();
    await expect(form.getByText("Por favor selecione a senioridade")).toBeVisible();
    await expect(form.getByText("Adicione pelo menos uma atividade")).toBeVisible();
    await expect(form.getByText("Adicione pelo menos um requisito")).toBeVisible();

    await form.getByLabel("Título da vaga").fill(titulo);
    await choose(page, "Departamento", "Criação");
    await choose(page, "Senioridade", "Pleno");
    await choose(page, "Modelo de trabalho", "Híbrido");
    await form.getByLabel("Descrição").fill("Criar peças para as redes sociais dos clientes.");

    // Enter adds the trimmed text (and does not submit); empty text is ignored.
    const atividades = form.getByLabel("Atividades", { exact: true });
    await atividades.fill("  Criar peças  ");
    await atividades.press("Enter");
    await atividades.fill("   ");
    await atividades.press("Enter");
    await atividades.fill("Item a remover");
    await atividades.press("Enter");
    await atividades.fill("Apresentar propostas");
    await form.getByRole("button", { name: "Adicionar atividade" }).click();
    const addedActivities = form.getByRole("list", { name: "Atividades adicionadas" });
    await expect(addedActivities.getByRole("listitem")).toHaveText([
      "Criar peças",
      "Item a remover",
      "Apresentar propostas",
    ]);
    await form.getByRole("button", { name: "Remover Item a remover" }).click();
    await expect(addedActivities.getByRole("listitem")).toHaveText(["Criar peças", "Apresentar propostas"]);
    await expect(page.getByText("Vaga criada com sucesso!")).toHaveCount(0);

    const requisitos = form.getByLabel("Requisitos", { exact: true });
    await requisitos.fill("Figma");
    await requisitos.press("Enter");
    await form.getByLabel("Benefícios", { exact: true }).fill("Vale-refeição");
    await form.getByLabel("Benefícios", { exact: true }).press("Enter");
    await expect(form.getByText("Adicione pelo menos um requisito")).toHaveCount(0);

    await form.getByRole("button", { name: "Cadastrar vaga" }).click();
    await expect(page.getByText("Vaga criada com sucesso!")).toBeVisible();
    await expect(form).toHaveCount(0);

    const card = page.getByRole("article", { name: titulo });
    await expect(card).toBeVisible();
    for (const text of ["Criação", "Pleno", "CLT", "Híbrido", "Criar peças para as redes sociais"]) {
      await expect(card).toContainText(text);
    }
    await expect(card).toContainText(`Criado por`);
    await expect(card.getByText(/Criado por/)).toContainText(/Gestora de Vagas|vagas@agencia\.digital/);

    // Edit: the form comes back filled, and the title changes.
    await card.getByRole("button", { name: `Editar ${titulo}` }).click();
    const editForm = page.getByRole("form", { name: "Editar vaga" });
    await expect(page.getByRole("heading", { name: "Editar vaga" })).toBeVisible();
    await expect(editForm.getByLabel("Título da vaga")).toHaveValue(titulo);
    await expect(
      editForm.getByRole("list", { name: "Atividades adicionadas" }).getByRole("listitem"),
    ).toHaveText(["Criar peças", "Apresentar propostas"]);
    await editForm.getByLabel("Título da vaga").fill(newTitle);
    await editForm.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page.getByText("Vaga atualizada com sucesso!")).toBeVisible();
    await expect(editForm).toHaveCount(0);
    await expect(page.getByRole("article", { name: newTitle })).toBeVisible();
    await expect(page.getByRole("article", { name: titulo })).toHaveCount(0);

    // Delete: Cancelar keeps it; Excluir removes it.
    const edited = page.getByRole("article", { name: newTitle });
    await edited.getByRole("button", { name: `Excluir ${newTitle}` }).click();
    const dialog = page.getByRole("dialog", { name: "Tem certeza que deseja excluir esta vaga?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(edited).toBeVisible();
    await edited.getByRole("button", { name: `Excluir ${newTitle}` }).click();
    await dialog.getByRole("button", { name: "Excluir" }).click();
    await expect(page.getByText("Vaga excluída com sucesso")).toBeVisible();
    await expect(edited).toHaveCount(0);
    const remaining = await page.getByRole("list", { name: "Vagas" }).count();
    if (remaining === 0) await expect(page.getByText("Você ainda não tem vagas cadastradas")).toBeVisible();
  });

  test("?cadastrar=true opens the create form; no serious axe violations", async ({ page }) => {
    await signInOrRegister(page, { email: "vagas.form@agencia.digital", name: "Gestor de Vagas" });
    await page.goto("/vagas?cadastrar=true");
    await expect(page.getByRole("heading", { level: 1, name: "Vagas" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Cadastrar vaga" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Cadastrar vaga" })).toBeVisible();
    await expect(page.getByText("Carregando vagas...")).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The list alone, too.
    await page.getByRole("button", { name: "Cancelar" }).click();
    await expect(page.getByRole("form", { name: "Cadastrar vaga" })).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("more than a page of openings: 'Carregar mais vagas' brings the next", async ({ page }) => {
    await signInOrRegister(page, { email: "vagas.form@agencia.digital", name: "Gestor de Vagas" });
    const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`;
    for (let i = 1; i <= 31; i++) {
      const response = await page.request.post("/api/vagas", {
        data: {
          titulo: `Vaga em lote ${stamp} ${String(i).padStart(2, "0")}`,
          departamento: "tecnologia",
          senioridade: "junior",
          descricao: "Vaga criada para encher mais de uma página.",
          atividades: ["Programar"],
          requisitos: ["TypeScript"],
        },
      });
      expect(response.status()).toBe(201);
    }
    await page.goto("/vagas");
    // The cards themselves: each also holds lists of its own (activities, requirements).
    const cards = page.getByRole("list", { name: "Vagas" }).locator(":scope > li");
    await expect(cards).toHaveCount(30);
    // Newest first: the last one created opens the list, the first one is on the next page.
    await expect(cards.first()).toContainText(`Vaga em lote ${stamp} 31`);
    await expect(page.getByRole("heading", { name: `Vaga em lote ${stamp} 01` })).toHaveCount(0);
    await page.getByRole("button", { name: "Carregar mais vagas" }).click();
    await expect(page.getByRole("heading", { name: `Vaga em lote ${stamp} 01` })).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(30);
  });
});
