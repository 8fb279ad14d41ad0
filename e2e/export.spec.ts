import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { expect, test } from "./fixtures";
import { personBrowser, sendReimbursement, teamFor } from "./people";
import { signInThroughEmail, uniqueEmail } from "./support";

/*
 * The export end to end (decision 013): finance opens 'Caixa de entrada' on a
 * phone, filters by the requester, and downloads the Excel and the CSV from
 * 'Exportar'; both are read back. Each test makes a team of its own
 * (ADMIN_EMAILS=admin@agencia.digital on the e2e server, global-setup.ts).
 */

/** The accountant's fields the export is checked for. */
const EXPORTED = { tipo: "alimentacao", centroCusto: "comercial", fileName: "nota fiscal.pdf" };

/** Opens 'Exportar', clicks a format and answers the downloaded file's name and bytes. */
async function download(page: Page, format: RegExp) {
  await page.getByRole("button", { name: "Exportar" }).click();
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: format }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

test.describe("the export for the accountant (decision 013)", () => {
  test("finance downloads the Excel and the CSV of the filtered queue on a phone, and both read back", async ({
    page,
    browser,
    baseURL,
    signIn,
  }, testInfo) => {
    const requester = await signIn({ name: "Júlia Conceição" });
    const financeEmail = uniqueEmail("financeiro");
    const finance = await personBrowser(browser, baseURL, { width: 390, height: 844 });
    try {
      await signInThroughEmail(finance.page, { email: financeEmail, name: "Fábio Financeiro" });
      await teamFor(browser, baseURL, [financeEmail], { kinds: ["reembolso"] });
      const first = await sendReimbursement(
        page,
        testInfo,
        "Almoço com o cliente; café",
        "R$ 1.234,56",
        EXPORTED,
      );
      const second = await sendReimbursement(page, testInfo, "Jantar da equipe", "R$ 89,90", EXPORTED);

      await finance.page.goto(`/caixa?solicitante=${encodeURIComponent(requester.email)}`);
      await expect(
        finance.page.getByRole("list", { name: "Caixa de entrada" }).getByRole("listitem"),
      ).toHaveCount(2);

      // The menu as a phone shows it (looked at: docs/decisions/013-export.md).
      await finance.page.getByRole("button", { name: "Exportar" }).click();
      await expect(finance.page.getByRole("link", { name: /^ZIP dos comprovantes/ })).toBeVisible();
      await finance.page.screenshot({ path: testInfo.outputPath("exportar-390x844.png") });
      await finance.page.keyboard.press("Escape");

      const xlsx = await download(finance.page, /^Excel/);
      expect(xlsx.name).toMatch(/^solicitacoes-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet("Solicitações")!;
      const headers = (sheet.getRow(1).values as unknown[]).slice(1);
      const rows = [2, 3].map((n) =>
        Object.fromEntries(headers.map((h, i) => [String(h), sheet.getRow(n).getCell(i + 1).value])),
      );
      expect(rows.map((r) => r.ID)).toEqual([first, second]);
      expect(rows[0]).toMatchObject({
        Solicitante: "Júlia Conceição",
        Email: requester.email,
        Tipo: "Reembolso",
        "Tipo de despesa": "Alimentação",
        "Centro de custo": "Comercial",
        "Valor solicitado": 1234.56,
        Situação: "Pendente",
      });
      expect(rows[1]!["Valor solicitado"]).toBe(89.9);
      expect(rows[0]!["Criada em"]).toBeInstanceOf(Date);
      await finance.page.keyboard.press("Escape");

      const csv = await download(finance.page, /^CSV/);
      expect(csv.name).toMatch(/^solicitacoes-\d{4}-\d{2}-\d{2}\.csv$/);
      expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, ...lines] = parse(csv.bytes.toString("utf8"), {
        delimiter: ";",
        bom: true,
      }) as string[][];
      const records = lines.map((l) => Object.fromEntries(header!.map((h, i) => [h, l[i]])));
      expect(records.map((r) => r.ID)).toEqual([first, second]);
      expect(records[0]).toMatchObject({
        Solicitante: "Júlia Conceição",
        Resumo: "Almoço com o cliente; café",
        "Valor solicitado": "1.234,56",
        Situação: "Pendente",
      });
      expect(records[1]!["Valor solicitado"]).toBe("89,90");
      expect(records[0]!.Comprovantes).toMatch(/\/api\/anexos\/[0-9a-f-]{36}$/);
    } finally {
      await finance.context.close();
    }
  });
});
