import path from "node:path";
import QRCode from "qrcode";
import { accessKeyCheckDigit } from "../src/domain/receipts";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { choose } from "./forms";
import { personBrowser } from "./people";
import { signInThroughEmail } from "./support";

/*
 * The receipt's own data (the money loop, step 1): a reimbursement filled from the QR code of an
 * NFC-e — an image made here by the `qrcode` package, decoded by the page — and the same note
 * refused when someone files it again.
 */

const SHOTS = path.resolve(".e2e", "screenshots");
const PHONE = { width: 390, height: 844 };
const nbsp = (text: string) => text.replace(/ /g, "\u00a0");

/** Today in São Paulo, 'yyyy-mm-dd'. */
function today(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
}

/**
 * An NFC-e issued today in offline contingency (tpEmis 9), whose QR of version 2 carries the day
 * and the total: a key of this month with a random number, its check digit by the published rule.
 */
function offlineQr(totalReais: string) {
  const [year, month, day] = today().split("-");
  const number = String(Math.floor(Math.random() * 1e9)).padStart(9, "0");
  const first43 = `35${year!.slice(2)}${month}7531533301211565001${number}9${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  const key = `${first43}${accessKeyCheckDigit(first43)}`;
  const url = `https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica/Paginas/ConsultaQRCode.aspx?p=${key}|2|1|${day}|${totalReais}|${DIGEST_VALUE_HEX}|1|0123456789ABCDEF0123456789ABCDEF01234567`;
  return { key, url };
}

/** The hex of a base64 SHA-1 digest (28 characters), as the QR's digVal carries it. */
const DIGEST_VALUE_HEX = Buffer.from("k3nUd2x0ZzU2b1hNb3pqMDZyZWc=").toString("hex");

test.describe("the receipt's QR code on a reimbursement", () => {
  test("filled from the QR of the attached photo; the same note refused to a colleague", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    await signInThroughEmail(page, { name: "Ana Souza" });
    const { url } = offlineQr("84.36");
    const photo = testInfo.outputPath("nota-fiscal.png");
    await QRCode.toFile(photo, url, { errorCorrectionLevel: "M", margin: 4, width: 720 });

    await page.goto("/reembolso");
    await page.getByLabel("Comprovantes").setInputFiles(photo);
    // Chosen files join the form once prepared (a photo is reduced first): until they are listed,
    // 'Ler QR code da nota' has nothing attached to read and asks for a file instead.
    await expect(page.getByRole("list", { name: "Arquivos escolhidos" })).toContainText("nota-fiscal.png");
    await page.getByRole("button", { name: "Ler QR code da nota" }).click();
    await expect(page.getByText("QR code lido")).toBeVisible();
    await expect(page.getByLabel("Chave de acesso da nota (opcional)")).toHaveValue(url);
    await expect(page.getByLabel("Valor", { exact: true })).toHaveValue(nbsp("R$ 84,36"));
    const [year, month, day] = today().split("-");
    await expect(page.getByRole("button", { name: "Data da despesa" })).toContainText(
      `${day}/${month}/${year}`,
    );
    await expect(page.getByText("75.315.333/0121-15")).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, "reembolso-qr-1280.png"), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    await choose(page, "Tipo de despesa", "Alimentação");
    await page.getByLabel("Descrição").fill("Almoço com o cliente");
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByText("Solicitação enviada com sucesso!")).toBeVisible();

    // A colleague, on a phone, photographs the same note: the button opens the camera.
    const bia = await personBrowser(browser, baseURL, PHONE);
    try {
      await signInThroughEmail(bia.page, { name: "Bia Lima" });
      await bia.page.goto("/reembolso");
      const camera = bia.page.waitForEvent("filechooser");
      await bia.page.getByRole("button", { name: "Ler QR code da nota" }).click();
      await (await camera).setFiles(photo);
      await expect(bia.page.getByLabel("Valor", { exact: true })).toHaveValue(nbsp("R$ 84,36"));
      await expect(bia.page.getByRole("list", { name: "Arquivos escolhidos" })).toContainText(
        "nota-fiscal.png",
      );
      await choose(bia.page, "Tipo de despesa", "Alimentação");
      await bia.page.getByLabel("Descrição").fill("Almoço com o cliente");
      await bia.page.getByRole("button", { name: "Enviar" }).click();
      const error = bia.page.locator("#reembolso-chave-nota-error");
      await expect(error).toHaveText(
        /^Esta nota fiscal já foi usada em outra solicitação \(enviada em \d{2}\/\d{2}\/\d{4}\)\.$/,
      );
      await expect(bia.page.getByText("Ana Souza")).toHaveCount(0);
      expect(await bia.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await bia.page.screenshot({
        path: path.join(SHOTS, "reembolso-nota-repetida-390.png"),
        fullPage: true,
      });
    } finally {
      await bia.context.close();
    }
  });
});
