import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import jpeg from "jpeg-js";
import jsQR from "jsqr";
import QRCode from "qrcode";
import { addDays } from "../src/domain/dates";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { choose, pickDay, saoPauloToday } from "./forms";
import { personBrowser } from "./people";
import { signInThroughEmail } from "./support";

/*
 * A receipt photographed on a phone (docs/decisions/065): 'Tirar foto' takes a 12 MP photo, the
 * browser reduces it to 2,000 px before upload (its EXIF orientation applied) and converts an
 * iPhone's HEIC photo to JPEG; the stored attachments are read back here and their QR codes
 * decoded by jsQR, which none of us wrote, from pixels jpeg-js decoded.
 */

const SHOTS = path.resolve(".e2e", "screenshots");
const PHONE = { width: 390, height: 844 };
const PHOTO_TEXT =
  "https://www.nfce.fazenda.sp.gov.br/qrcode?p=35261175315333012115650010000012349000000017|2|1";
/** Made with `heif-enc -q 85` (Debian's libheif-examples) from a 600×600 QR code of this text. */
const HEIC_FILE = path.resolve("e2e/files/recibo-qr.heic");
const HEIC_TEXT = "BALCAO-HEIC-TESTE-RECIBO-123";

/**
 * A camera's photo: 4000×3000 with a camera's grain (so it weighs megabytes), the receipt's QR
 * code printed 800 px wide on it, and an EXIF orientation of 6 (the camera held upright), drawn
 * by the page's canvas and returned as JPEG bytes.
 */
async function cameraPhoto(page: Page): Promise<Buffer> {
  const qr = await QRCode.toDataURL(PHOTO_TEXT, { errorCorrectionLevel: "M", margin: 4, width: 800 });
  const base64 = await page.evaluate(async (qrUrl) => {
    const canvas = document.createElement("canvas");
    canvas.width = 4000;
    canvas.height = 3000;
    const context = canvas.getContext("2d")!;
    // A table's smooth light and shade, the receipt's paper in the middle, a camera's fine grain.
    const pixels = context.createImageData(4000, 3000);
    for (let y = 0; y < 3000; y++) {
      for (let x = 0; x < 4000; x++) {
        const paper = x >= 1200 && x < 2800 && y >= 300 && y < 2700;
        const base = paper ? 236 : 110 + Math.round(40 * Math.sin((x / 4000) * 6) * Math.cos((y / 3000) * 4));
        const grain = base + Math.floor(Math.random() * 8);
        const i = (y * 4000 + x) * 4;
        pixels.data[i] = grain;
        pixels.data[i + 1] = grain - 5;
        pixels.data[i + 2] = grain - 15;
        pixels.data[i + 3] = 255;
      }
    }
    context.putImageData(pixels, 0, 0);
    const image = new Image();
    image.src = qrUrl;
    await image.decode();
    context.drawImage(image, 1600, 1100, 800, 800);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 0.92));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }, qr);
  const photo = Buffer.from(base64, "base64");
  // APP1 'Exif' with one IFD entry, Orientation (0x0112) = 6, right after the JPEG's SOI marker.
  const exif = Buffer.from("ffe100224578696600004d4d002a00000008000101120003000000010006000000000000", "hex");
  return Buffer.concat([photo.subarray(0, 2), exif, photo.subarray(2)]);
}

/** The stored attachment, decoded by jpeg-js: its size and the QR code jsQR reads in it. */
async function storedPhoto(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  const bytes = await response.body();
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  const image = jpeg.decode(bytes, { useTArray: true, maxMemoryUsageInMB: 256 });
  const qr = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  return { width: image.width, height: image.height, bytes: bytes.length, qr: qr?.data ?? null };
}

test("on a phone: 'Tirar foto', the photo reduced and a HEIC photo converted, both QR codes still read", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const phone = await personBrowser(browser, baseURL, PHONE);
  const { page } = phone;
  try {
    await signInThroughEmail(page, { name: "Caio Prado" });
    await page.goto("/reembolso");
    const photoFile = testInfo.outputPath("IMG_4032.jpg");
    const original = await cameraPhoto(page);
    writeFileSync(photoFile, original);
    expect(original.length).toBeGreaterThan(1024 * 1024);

    // The camera, beside the file picker.
    const camera = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Tirar foto" }).click();
    const chooser = await camera;
    expect(await chooser.element().getAttribute("capture")).toBe("environment");
    expect(await chooser.element().getAttribute("accept")).toBe("image/*");
    await chooser.setFiles(photoFile);
    const chosen = page.getByRole("list", { name: "Arquivos escolhidos" });
    await expect(chosen).toContainText("IMG_4032.jpg");
    // An iPhone's HEIC photo, through 'Escolher arquivo': converted before it is listed.
    await page.getByLabel("Comprovantes").setInputFiles(HEIC_FILE);
    await expect(chosen).toContainText("recibo-qr.jpg");
    await expect(chosen.getByText("Formatos de arquivo aceitos")).toHaveCount(0);

    // Yesterday: today's day is named 'Hoje, …' in the calendar.
    await pickDay(page, "Data da despesa", addDays(saoPauloToday(), -1), {
      calendar: "Escolha a data da despesa",
    });
    await choose(page, "Tipo de despesa", "Alimentação");
    await page.getByLabel("Valor", { exact: true }).pressSequentially("4590");
    await page.getByLabel("Descrição").fill("Almoço na filmagem");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: path.join(SHOTS, "reembolso-camera-390.png"), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A slow upload (about 150 KB at 48 KB/s), so the progress bar is seen going.
    const cdp = await phone.context.newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 40,
      downloadThroughput: -1,
      uploadThroughput: 48 * 1024,
    });
    await page.getByRole("button", { name: "Enviar solicitação" }).click();
    const bar = page.getByRole("progressbar", { name: "Envio dos arquivos" });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute("aria-valuemax", "100");
    await expect(bar).toHaveAttribute("aria-valuenow", /^\d+$/);
    await page.screenshot({ path: path.join(SHOTS, "reembolso-enviando-390.png") });
    await expect(page.getByText("Solicitação enviada com sucesso!")).toBeVisible({ timeout: 30_000 });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    const list = await (await page.request.get("/api/solicitacoes")).json();
    const id = list.items.find((item: { tipo: string }) => item.tipo === "reembolso").id as string;
    const detail = await (await page.request.get(`/api/solicitacoes/reembolso/${id}`)).json();
    const byName = (name: string) => detail.anexos.find((a: { nome: string }) => a.nome === name);
    const photo = await storedPhoto(page.request, byName("IMG_4032.jpg").url);
    // Orientation 6 turned the 4000×3000 landscape upright; the long side is 2,000 px.
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 1500, height: 2000 });
    expect(photo.bytes).toBeLessThan(original.length / 2);
    expect(photo.qr).toBe(PHOTO_TEXT);
    const heic = await storedPhoto(page.request, byName("recibo-qr.jpg").url);
    expect(byName("recibo-qr.jpg").contentType).toBe("image/jpeg");
    expect({ width: heic.width, height: heic.height }).toEqual({ width: 600, height: 600 });
    expect(heic.qr).toBe(HEIC_TEXT);
    expect(readFileSync(HEIC_FILE).subarray(4, 12).toString("latin1")).toBe("ftypheic");
  } finally {
    await phone.context.close();
  }
});
