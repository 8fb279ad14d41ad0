import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { PDFParse } from "pdf-parse";
import { planYears } from "../src/domain/planning/options";
import type { PlanCreated, PlanDetail } from "../src/domain/planning/plan";
import { expect, test } from "./fixtures";
import { signInOrRegister } from "./support";

/*
 * The plan's export end to end (decision 019): the planner opens a generated plan, downloads
 * the PDF for the client and the posts' spreadsheet from 'Exportar', and both
 * are read back. The planner is this spec's own PLANNING_MANAGERS address
 * (e2e/global-setup.ts); clients are never deleted, so the test names its own.
 */

const PLANNER = { email: "planejamento.exportar@agencia.digital", name: "Érica Exportadora" };
const YEAR = planYears()[1]!;
const EDITED_TITLE = "Promoção de Natal: pão de mel com açúcar";

/** A generated plan for November of YEAR whose first post gets an accented title, through the API. */
async function createPlan(page: Page, client: string): Promise<PlanDetail> {
  const clientResponse = await page.request.post("/api/clients", { data: { name: client } });
  expect(clientResponse.status(), await clientResponse.text()).toBe(201);
  const clienteId = ((await clientResponse.json()) as { id: string }).id;
  const created = await page.request.post("/api/planejamentos", {
    data: {
      clienteId,
      mesReferencia: "11",
      anoReferencia: YEAR,
      canaisPlataformas: ["Instagram", "LinkedIn"],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { planejamento_id: id } = (await created.json()) as PlanCreated;
  const plan = (await (await page.request.get(`/api/planejamentos/${id}`)).json()) as PlanDetail;
  const content = structuredClone(plan.content!);
  content.calendario_editorial.semanas.find((w) => w.posts.length > 0)!.posts[0]!.titulo = EDITED_TITLE;
  const saved = await page.request.put(`/api/planejamentos/${id}`, {
    data: { version: plan.version, content },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return (await saved.json()) as PlanDetail;
}

/** Opens 'Exportar', clicks a format and answers the downloaded file's name and bytes. */
async function download(page: Page, format: RegExp) {
  await page.getByRole("button", { name: "Exportar" }).click();
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: format }).click(),
  ]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

test.describe("the plan's export (decision 019)", () => {
  test("the planner downloads the PDF and the spreadsheet from the viewer, and both read back", async ({
    page,
  }, testInfo) => {
    await signInOrRegister(page, PLANNER);
    const client = `Confeitaria São João ${Date.now().toString(36)}${testInfo.workerIndex}`;
    const plan = await createPlan(page, client);
    const posts = plan.content!.calendario_editorial.semanas.flatMap((week) => week.posts);

    await page.goto(`/planejamento/visualizar/${plan.id}`);
    await expect(page.getByRole("heading", { level: 1, name: client })).toBeVisible();
    await page.getByRole("button", { name: "Exportar" }).click();
    await expect(page.getByRole("link", { name: /^PDF para o cliente/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Planilha XLSX/ })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("exportar-1280x800.png"), animations: "disabled" });
    await page.keyboard.press("Escape");

    const pdf = await download(page, /^PDF para o cliente/);
    expect(pdf.name).toBe(`Planejamento ${client} ${YEAR}-11.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const parser = new PDFParse({ data: new Uint8Array(pdf.bytes) });
    const text = (await parser.getText()).text.replace(/\s+/g, " ");
    await parser.destroy();
    expect(text).toContain(client);
    expect(text).toContain(`Novembro de ${YEAR}`);
    expect(text).toContain("Situação: Editado");
    expect(text).toContain(`Calendário de Novembro de ${YEAR}`);
    expect(text).toContain(EDITED_TITLE);

    await page.keyboard.press("Escape");
    const xlsx = await download(page, /^Planilha XLSX/);
    expect(xlsx.name).toBe(`Planejamento ${client} ${YEAR}-11.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Posts")!;
    expect(sheet.rowCount).toBe(posts.length + 1);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 3)).toEqual(["Semana", "Período da semana", "Data"]);
    const title = header.indexOf("Título/Headline") + 1;
    expect(sheet.getRow(2).getCell(title).value).toBe(EDITED_TITLE);
    expect(sheet.getRow(2).getCell(1).value).toBe(1);

    // The menu as a phone shows it.
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Exportar" }).click();
    await expect(page.getByRole("link", { name: /^Planilha XLSX/ })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("exportar-390x844.png"), animations: "disabled" });
  });
});
