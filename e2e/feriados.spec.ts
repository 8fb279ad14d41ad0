import path from "node:path";
import { OPTIONAL_DAYS } from "../src/domain/calendar/holidays";
import { addDays } from "../src/domain/dates";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { pickDay, saoPauloToday } from "./forms";
import { ADMIN, personBrowser } from "./people";
import { signInOrRegister, signInThroughEmail } from "./support";

/*
 * 'Feriados' (docs/decisions/060): an administrator marks Carnaval and adds a day of the agency's
 * own; a colleague's 'Quem está fora', open on a phone, names them in their days' cells. The
 * calendar is the whole e2e server's, so what the test changed is put back at its end.
 */

const SHOTS = path.resolve(".e2e", "screenshots");
const PHONE = { width: 390, height: 844 };

test.describe("'Feriados' (docs/decisions/060)", () => {
  test("an administrator marks Carnaval and adds an agency day, and 'Quem está fora' names them", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const year = Number(saoPauloToday().slice(0, 4)) + 1;
    const monday = OPTIONAL_DAYS.find((day) => day.key === "carnaval-segunda")!.dateIn(year);
    // The Friday before Carnaval: a recess some agencies give.
    const friday = addDays(monday, -3);
    const name = `Recesso ${Date.now().toString(36)}`;
    await signInOrRegister(page, { email: ADMIN, name: "Alice Admin" });
    const before = (await (await page.request.get(`/api/feriados?ano=${year}`)).json()) as {
      facultativos: { chave: string; observado: boolean }[];
    };
    const phone = await personBrowser(browser, baseURL, PHONE);
    try {
      await page.goto("/feriados");
      await expect(page.getByRole("heading", { level: 1, name: "Feriados" })).toBeVisible();
      await page.getByRole("button", { name: "Próximo ano" }).click();
      await expect(page.getByRole("heading", { name: String(year), exact: true })).toBeVisible();
      await expect(page.getByText("Feriados nacionais, de SP e de São Paulo")).toBeVisible();
      const holidays = page.getByRole("list", { name: "Feriados do ano" });
      await expect(holidays).toContainText("Sexta-feira Santa");

      // The shared schema's messages, before anything is sent.
      await page.getByRole("button", { name: "Adicionar dia da agência" }).click();
      await expect(page.getByText("Informe a data")).toBeVisible();
      await expect(page.getByText("Informe o nome do dia")).toBeVisible();

      const optional = page.getByRole("form", { name: "Pontos facultativos" });
      await optional.getByRole("checkbox", { name: /Carnaval \(segunda-feira\)/ }).check();
      await optional.getByRole("checkbox", { name: /Carnaval \(terça-feira\)/ }).check();
      await optional.getByRole("button", { name: "Salvar pontos facultativos" }).click();
      await expect(page.getByText("Pontos facultativos salvos")).toBeVisible();
      await expect(holidays).toContainText("Carnaval (segunda-feira)");

      await pickDay(page, "Data", friday, {
        within: page.getByRole("form", { name: "Adicionar dia da agência" }),
        calendar: "Escolha o dia da agência",
      });
      await page.getByLabel("Nome do dia").fill(name);
      await page.getByRole("button", { name: "Adicionar dia da agência" }).click();
      await expect(page.getByText("Dia da agência adicionado")).toBeVisible();
      const days = page.getByRole("list", { name: `Dias da agência em ${year}` });
      await expect(days).toContainText(`${friday.slice(8, 10)}/${friday.slice(5, 7)}/${year}`);
      await expect(days).toContainText(name);
      await expect(holidays).toContainText(name);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, "feriados-1280.png"), fullPage: true });
      // The same page on a phone: nothing wider than the screen.
      await page.setViewportSize(PHONE);
      await expect(holidays).toContainText(name);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: path.join(SHOTS, "feriados-390.png"), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });

      // A colleague's phone: the names in the days' cells.
      await signInThroughEmail(phone.page, { name: "Caio Colega" });
      const mes = monday.slice(0, 7);
      await phone.page.goto(`/quem-esta-fora?mes=${mes}`);
      const grid = phone.page.getByRole("table");
      await expect(grid.getByText("Carnaval (segunda-feira)")).toBeVisible();
      await expect(grid.getByText("Carnaval (terça-feira)")).toBeVisible();
      await expect(grid.getByText(name)).toBeVisible();
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await phone.page.screenshot({
        path: path.join(SHOTS, "quem-esta-fora-feriados-390.png"),
        fullPage: true,
      });

      // The office's city's own holiday (São Paulo's anniversary, 25 January, by the holiday data),
      // on the calendar of its month, by name.
      const all = (await (await page.request.get(`/api/feriados?ano=${year}`)).json()) as {
        feriados: { data: string; nome: string; tipo: string }[];
      };
      const city = all.feriados.find((day) => day.tipo === "municipal");
      expect(city, "a holiday of the office's city").toBeTruthy();
      await phone.page.goto(`/quem-esta-fora?mes=${city!.data.slice(0, 7)}`);
      await expect(phone.page.getByRole("table").getByText(city!.nome)).toBeVisible();
      await phone.page.screenshot({ path: path.join(SHOTS, "quem-esta-fora-feriado-municipal-390.png") });

      await page.goto(`/quem-esta-fora?mes=${mes}`);
      await expect(page.getByRole("table").getByText(name)).toBeVisible();
      await expect(page.getByRole("table").getByText("Carnaval (terça-feira)")).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, "quem-esta-fora-feriados-1280.png"), fullPage: true });
      // A colleague who is not RH has no 'Feriados' in the menu.
      await expect(phone.page.getByRole("link", { name: "Feriados" })).toHaveCount(0);
    } finally {
      await phone.context.close();
      // The calendar is every test's: what this one changed goes back.
      const after = (await (await page.request.get(`/api/feriados?ano=${year}`)).json()) as {
        diasDaAgencia: { id: string; nome: string }[];
      };
      for (const day of after.diasDaAgencia.filter((d) => d.nome === name))
        await page.request.delete(`/api/feriados/dias-da-agencia/${day.id}`);
      await page.request.put("/api/feriados/facultativos", {
        data: { facultativos: before.facultativos.filter((d) => d.observado).map((d) => d.chave) },
      });
    }
  });
});
