import path from "node:path";
import type { Page } from "@playwright/test";
import jpeg from "jpeg-js";
import jsQR from "jsqr";
import { parseBrCode } from "../src/domain/finance/br-code";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { choose, pickDay } from "./forms";
import { personBrowser, receipt, setPayingAccount, teamFor } from "./people";
import { signInOrRegister, signInThroughEmail, uniqueEmail } from "./support";

/*
 * A cash advance and its settlement (docs/decisions/067), two people in two browsers: Ana asks on
 * the form, Financeiro approves and pays (through the API: those moves have their own walks), Ana
 * settles on her phone with two receipts and a balance to return, whose PIX code the page shows
 * and jsQR reads back from the QR on screen, and Financeiro marks the return received.
 */

const SHOTS = path.resolve(".e2e", "screenshots");
const PHONE = { width: 390, height: 844 };
const nbsp = (text: string) => text.replace(/ /g, "\u00a0");
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
const inDays = (days: number) => {
  const day = new Date(`${today()}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

async function move(page: Page, id: string, data: Record<string, unknown>) {
  const moved = await page.request.post(`/api/solicitacoes/adiantamento/${id}/acoes`, { data });
  expect(moved.status(), await moved.text()).toBe(200);
}

/** The QR code on screen, read back by jsQR (a decoder none of us wrote) from the pixels Chromium drew. */
async function qrOnScreen(page: Page, name: RegExp) {
  const shot = await page.getByRole("img", { name }).screenshot({ type: "jpeg", quality: 100 });
  const image = jpeg.decode(shot, { useTArray: true });
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

test("an advance asked, approved, paid, settled with two receipts and a return", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const finance = await personBrowser(browser, baseURL);
  const phone = await personBrowser(browser, baseURL, PHONE);
  try {
    // The agency's paying account: whose CNPJ receives what is returned.
    const admin = await personBrowser(browser, baseURL);
    await setPayingAccount(admin.page);
    await admin.context.close();
    const finEmail = uniqueEmail("fin.adiantamento");
    await signInThroughEmail(finance.page, { email: finEmail, name: "Fábio Financeiro" });
    await teamFor(browser, baseURL, [finEmail], { kinds: ["adiantamento"] });

    // Asked on the form, at 1280.
    const anaEmail = uniqueEmail("ana.adiantamento");
    await signInThroughEmail(page, { email: anaEmail, name: "Ana Adiantamento" });
    await page.goto("/adiantamento");
    await expect(page.getByRole("heading", { name: "Adiantamento" })).toBeVisible();
    await page.getByLabel("Valor", { exact: true }).pressSequentially("50000");
    await expect(page.getByLabel("Valor", { exact: true })).toHaveValue(nbsp("R$ 500,00"));
    await choose(page, "Finalidade", "Viagem");
    await pickDay(page, "Data em que precisa do dinheiro", inDays(7), {
      calendar: "Escolha a data em que precisa do dinheiro",
    });
    await page.getByLabel("Chave PIX").fill("529.982.247-25");
    await page.getByLabel("Descrição").fill("Viagem ao cliente em Campinas: hotel e táxis");
    await page.screenshot({ path: path.join(SHOTS, "adiantamento-form-1280.png"), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    const created = page.waitForResponse((r) => r.url().endsWith("/api/solicitacoes/adiantamento"));
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByText("Solicitação enviada com sucesso!")).toBeVisible();
    const id = ((await (await created).json()) as { id: string }).id;

    // Approved and paid by Financeiro.
    await move(finance.page, id, { acao: "assumir" });
    await move(finance.page, id, { acao: "aprovar", confirmarAlertas: true });
    await move(finance.page, id, { acao: "marcar_pago", pagoEm: today(), formaPagamento: "pix" });

    // Settled on the phone: two receipts, R$ 312,45 of R$ 500,00; the rest returned by PIX.
    await signInOrRegister(phone.page, { email: anaEmail, name: "Ana Adiantamento" });
    await phone.page.goto(`/solicitacoes/adiantamento/${id}`);
    const settlement = phone.page.getByRole("region", { name: "Prestação de contas" });
    await expect(settlement).toContainText(nbsp("R$ 500,00"));
    await settlement.getByLabel("Total gasto").pressSequentially("31245");
    await settlement
      .getByLabel("Comprovantes")
      .setInputFiles([receipt(testInfo, "hotel.pdf", "hotel"), receipt(testInfo, "taxi.pdf", "taxi")]);
    await expect(settlement.getByRole("list", { name: "Arquivos escolhidos" })).toContainText("taxi.pdf");
    await settlement.getByRole("button", { name: "Enviar prestação de contas" }).click();
    await expect(settlement).toContainText(nbsp("Devolva R$ 187,55 à agência por PIX"));
    await settlement.getByRole("button", { name: /QR code PIX de Agência Digital/ }).click();
    const code = await qrOnScreen(phone.page, /QR code PIX do pagamento a Agência Digital/);
    const read = parseBrCode(code ?? "");
    expect(read.ok && { amount: read.amountCents, key: read.key }).toEqual({
      amount: 18755,
      key: "11222333000181",
    });
    await expect(phone.page.getByRole("region", { name: "Situação" })).toContainText(
      "Prestação de contas enviada",
    );
    await phone.page.screenshot({ path: path.join(SHOTS, "adiantamento-prestacao-390.png"), fullPage: true });
    expect(await seriousA11yViolations(phone.page)).toEqual([]);

    // Financeiro marks the return received, at 1280.
    await finance.page.goto(`/solicitacoes/adiantamento/${id}`);
    const panel = finance.page.getByRole("region", { name: "Prestação de contas" });
    await expect(panel).toContainText(nbsp("R$ 312,45"));
    await finance.page.screenshot({
      path: path.join(SHOTS, "adiantamento-financeiro-1280.png"),
      fullPage: true,
    });
    await panel.getByRole("button", { name: "Marcar devolução como recebida" }).click();
    await expect(finance.page.getByRole("region", { name: "Situação" })).toContainText(
      "Prestação de contas concluída",
    );
    await expect(finance.page.getByText(nbsp("Devolução recebida: R$ 187,55"))).toBeVisible();
  } finally {
    await finance.context.close();
    await phone.context.close();
  }
});
