import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { returnFor } from "../src/domain/finance/cnab240";
import { paymentReference } from "../src/domain/finance/finance-desk";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { personBrowser, sendReimbursement, setPayingAccount, teamFor } from "./people";
import { signInOrRegister, signInThroughEmail, uniqueEmail } from "./support";

/*
 * The money loop (docs/decisions/059): an administrator sets the paying account; Finance pays a
 * batch by a CNAB 240 file, reads the bank's return (made here by the domain's bank simulator
 * from the very file the page downloaded) and reconciles the statement; the requester sees each
 * step. ADMIN_EMAILS=admin@agencia.digital on the e2e server.
 */

const SHOTS = path.resolve(".e2e", "screenshots");
const PHONE = { width: 390, height: 844 };

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());

async function approve(page: Page, id: string) {
  for (const body of [{ acao: "assumir" }, { acao: "aprovar", confirmarAlertas: true }]) {
    const moved = await page.request.post(`/api/solicitacoes/reembolso/${id}/acoes`, { data: body });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}

test("pays a batch through the bank: the file, the return, the statement", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const admin = await personBrowser(browser, baseURL);
  const finance = await personBrowser(browser, baseURL);
  const phone = await personBrowser(browser, baseURL, PHONE);
  try {
    await setPayingAccount(admin.page);
    const finEmail = uniqueEmail("fin.banco");
    await signInThroughEmail(finance.page, { email: finEmail, name: "Fábio Financeiro" });
    await teamFor(browser, baseURL, [finEmail], { kinds: ["reembolso"] });
    await signInThroughEmail(page, { name: "Ana Banco" });
    await signInThroughEmail(phone.page, { name: "Bruno Banco" });
    const ana = await sendReimbursement(page, testInfo, "Táxi ao cliente", "R$ 45,50", {
      chavePix: "ana.banco@agencia.digital",
    });
    const bruno = await sendReimbursement(phone.page, testInfo, "Trem ao evento", "R$ 32,00", {
      chavePix: "+5511988887777",
    });
    for (const id of [ana, bruno]) await approve(finance.page, id);

    // 'Pagar com PIX' and 'Gerar arquivo para o banco'.
    await finance.page.goto("/caixa/pagamentos");
    const people = finance.page.getByRole("list", { name: "Pessoas a pagar" });
    const anaCard = people.locator(":scope > li").filter({ hasText: "Ana Banco" });
    const brunoCard = people.locator(":scope > li").filter({ hasText: "Bruno Banco" });
    await expect(anaCard.getByRole("button", { name: /Copiar código PIX/ })).toBeVisible();
    await anaCard.getByRole("button", { name: /QR code PIX/ }).click();
    await expect(anaCard.getByRole("img", { name: /QR code PIX do pagamento a Ana Banco/ })).toBeVisible();
    await anaCard.getByRole("checkbox", { name: "Escolher tudo de Ana Banco" }).check();
    await brunoCard.getByRole("checkbox", { name: "Escolher tudo de Bruno Banco" }).check();
    await finance.page.screenshot({
      path: path.join(SHOTS, "lote-pagamento-banco-1280.png"),
      fullPage: true,
    });
    await finance.page.getByRole("button", { name: "Gerar arquivo para o banco" }).click();
    const dialog = finance.page.getByRole("dialog", { name: "Gerar arquivo para o banco" });
    await expect(dialog).toContainText("2 pagamentos");
    const downloaded = finance.page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Gerar arquivo" }).click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toMatch(/^PIX\d{6}\.REM$/);
    await expect(finance.page.getByText(/^Arquivo nº \d+ gerado$/)).toBeVisible();
    const remittance = readFileSync((await file.path())!).toString("latin1");
    expect(
      remittance
        .split("\r\n")
        .filter(Boolean)
        .every((l) => l.length === 240),
    ).toBe(true);

    // The requester sees it with the bank.
    await page.goto(`/solicitacoes/reembolso/${ana}`);
    await expect(page.getByRole("region", { name: "Situação" })).toContainText("Enviado ao banco");

    // The Painel counts them (other walks' payments may be with the bank too: at least these two).
    await finance.page.goto("/painel");
    const withBank = finance.page.getByTestId("painel-enviado-ao-banco");
    await expect(withBank).toContainText(/\d+ pagamentos · R\$/);
    expect(Number((await withBank.locator(".text-lg").textContent()) ?? 0)).toBeGreaterThanOrEqual(2);
    await finance.page.screenshot({ path: path.join(SHOTS, "painel-banco-1280.png") });
    await finance.page.goBack();

    // 'Enviar retorno do banco': Ana paid, Bruno's key refused.
    const bankReturn = returnFor(remittance, {
      [paymentReference(ana)]: "00",
      [paymentReference(bruno)]: "AN",
    });
    await finance.page.getByLabel("Arquivo de retorno do banco").setInputFiles({
      name: "RETORNO.RET",
      mimeType: "text/plain",
      buffer: Buffer.from(bankReturn, "latin1"),
    });
    await expect(finance.page.getByText("1 pago, 1 recusado.")).toBeVisible();
    await expect(finance.page.getByRole("list", { name: "Pagamentos recusados pelo banco" })).toContainText(
      "Bruno Banco, R$ 32,00 — CONTA CORRENTE DO FAVORECIDO INVÁLIDA",
    );
    await expect(page.getByRole("region", { name: "Situação" })).toContainText("Pago em");
    await phone.page.goto(`/solicitacoes/reembolso/${bruno}`);
    await expect(phone.page.getByTestId("timeline")).toContainText("CONTA CORRENTE DO FAVORECIDO INVÁLIDA");
    await phone.page.screenshot({
      path: path.join(SHOTS, "pagamento-recusado-banco-390.png"),
      fullPage: true,
    });

    // 'Conciliar extrato': the statement's debit with Ana's txid, confirmed with one click.
    await finance.page.getByRole("link", { name: "Conciliar extrato" }).click();
    await expect(finance.page.getByRole("heading", { level: 1, name: "Conciliar extrato" })).toBeVisible();
    const day = today().replaceAll("-", "");
    const ofx = [
      "OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\nCHARSET:1252\r\nCOMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n",
      `<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>0341<ACCTID>45678-9</BANKACCTFROM><BANKTRANLIST><DTSTART>${day}<DTEND>${day}`,
      `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>${day}<TRNAMT>-45.50<FITID>E2E-${ana.slice(0, 8)}<MEMO>PIX ENVIADO ${paymentReference(ana)}</STMTTRN>`,
      "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>",
    ].join("\r\n");
    await finance.page.getByLabel("Extrato do banco (OFX)").setInputFiles({
      name: "extrato.ofx",
      mimeType: "application/x-ofx",
      buffer: Buffer.from(ofx, "latin1"),
    });
    const suggestion = finance.page
      .getByRole("list", { name: "Sugestões de conciliação" })
      .getByRole("listitem")
      .filter({ hasText: "Ana Banco" });
    await expect(suggestion).toContainText("Código do pagamento");
    await finance.page.screenshot({ path: path.join(SHOTS, "conciliar-extrato-1280.png"), fullPage: true });
    expect(await seriousA11yViolations(finance.page)).toEqual([]);
    await suggestion.getByRole("button", { name: /^Confirmar/ }).click();
    await expect(suggestion).toContainText("Conciliado");
    await finance.page.goto(`/solicitacoes/reembolso/${ana}`);
    await expect(finance.page.getByTestId("timeline")).toContainText(
      "conciliou o pagamento com o extrato do banco",
    );
  } finally {
    await Promise.all([admin.context.close(), finance.context.close(), phone.context.close()]);
  }
});

test("the bank's pages on a phone: the paying account and the statement fit", async ({
  browser,
  baseURL,
}) => {
  const admin = await personBrowser(browser, baseURL, PHONE);
  try {
    await signInOrRegister(admin.page, { email: "admin@agencia.digital", name: "Alice Admin" });
    await admin.page.goto("/admin/conta-pagadora");
    await expect(admin.page.getByRole("heading", { level: 1, name: "Conta pagadora" })).toBeVisible();
    await expect(admin.page.getByRole("button", { name: "Salvar conta" })).toBeVisible();
    expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await admin.page.screenshot({ path: path.join(SHOTS, "conta-pagadora-390.png"), fullPage: true });
  } finally {
    await admin.context.close();
  }
});
