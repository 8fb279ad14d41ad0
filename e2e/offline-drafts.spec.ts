import path from "node:path";
import type { Page } from "@playwright/test";
import QRCode from "qrcode";
import { addDays } from "../src/domain/dates";
import { accessKeyCheckDigit } from "../src/domain/receipts";
import { expect, test } from "./fixtures";
import { choose, pickDay, saoPauloToday } from "./forms";
import { signInThroughEmail } from "./support";

/*
 * A request sent without a connection (docs/decisions/066): kept on the device with its file,
 * 'Aguardando conexão', sent once when the connection returns ('Enviada'); an answer lost after
 * the server stored the request still leaves one request; a draft the server refuses comes back
 * as its form with the server's message; signing out empties the device's drafts.
 */

const SHOTS = path.resolve(".e2e", "screenshots");
const PHONE = { width: 390, height: 844 };
const SUPPORT = "**/api/solicitacoes/suporte";

/** A valid NF-e access key of this month (its check digit by the published rule), unique to the run. */
function receiptKey(): string {
  const [year, month] = saoPauloToday().split("-");
  const number = String(Math.floor(Math.random() * 1e9)).padStart(9, "0");
  const code = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  const first43 = `35${year!.slice(2)}${month}75315333012115650010${number.slice(1)}1${code}`;
  return `${first43}${accessKeyCheckDigit(first43)}`;
}

async function fillReimbursement(page: Page, file: string, descricao: string, chaveNota?: string) {
  // Yesterday: today's day is named 'Hoje, …' in the calendar.
  await pickDay(page, "Data da despesa", addDays(saoPauloToday(), -1), {
    calendar: "Escolha a data da despesa",
  });
  await choose(page, "Tipo de despesa", "Transporte");
  await page.getByLabel("Valor", { exact: true }).pressSequentially("3200");
  await page.getByLabel("Comprovantes").setInputFiles(file);
  await expect(page.getByRole("list", { name: "Arquivos escolhidos" })).toContainText("recibo.png");
  if (chaveNota) await page.getByLabel("Chave de acesso da nota (opcional)").fill(chaveNota);
  await page.getByLabel("Descrição").fill(descricao);
}

/** The drafts this browser keeps in IndexedDB (draft-store.ts's database). */
function draftsOnDevice(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("balcao-rascunhos");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("rascunhos")) return resolve(0);
          const count = db.transaction("rascunhos").objectStore("rascunhos").count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

/** What this person has stored, as the API lists it: each request's kind and description. */
async function myRequests(page: Page): Promise<string[]> {
  const response = await page.request.get("/api/solicitacoes");
  expect(response.status()).toBe(200);
  const list = (await response.json()) as { items: { id: string; tipo: string }[] };
  const described = await Promise.all(
    list.items.map(async (item) => {
      const detail = await (await page.request.get(`/api/solicitacoes/${item.tipo}/${item.id}`)).json();
      return `${item.tipo}: ${detail.dados.descricao as string}`;
    }),
  );
  return described.sort();
}

/** The browser says the connection is back: the drafts go (the `online` event). */
async function reconnect(page: Page) {
  await page.context().setOffline(true);
  await page.context().setOffline(false);
}

test("sent offline, kept on the device, sent once when the connection returns", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signInThroughEmail(page, { name: "Duda Reis" });
  const file = testInfo.outputPath("recibo.png");
  await QRCode.toFile(file, "recibo do táxi", { width: 240 });
  await page.goto("/reembolso");
  const drafts = page.getByRole("region", { name: "Solicitações guardadas neste aparelho" });
  const banner = drafts.getByRole("status");

  // 1. No connection: kept, with its file, and the form starts blank.
  const key = receiptKey();
  await fillReimbursement(page, file, "Táxi sem sinal", key);
  // Filling the form loads what tells its outcome (use-server-form.ts), as it has by the time a
  // person, not a script, sends it.
  await expect(page.getByRole("region", { name: /Notificações/ })).toBeAttached();
  await page.context().setOffline(true);
  await page.getByRole("button", { name: "Enviar solicitação" }).click();
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("Sua solicitação de Reembolso está guardada neste aparelho");
  await expect(page.getByLabel("Descrição")).toHaveValue("");
  expect(await draftsOnDevice(page)).toBe(1);
  await page.screenshot({ path: path.join(SHOTS, "rascunho-aguardando-1280.png"), fullPage: true });
  await page.setViewportSize(PHONE);
  await expect(banner).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: path.join(SHOTS, "rascunho-aguardando-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Back online: sent, 'Enviada', nothing left on the device.
  await page.context().setOffline(false);
  await expect(page.getByText("Enviada", { exact: true })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect.poll(() => draftsOnDevice(page)).toBe(0);
  expect(await myRequests(page)).toEqual(["reembolso: Táxi sem sinal"]);

  // 2. The answer is lost after the server stored the request (a JSON kind: the interception
  // cannot replay a file's bytes): kept, sent again under the same key, and the server answers
  // with the request it already has.
  let stored = 0;
  await page.route(SUPPORT, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const answer = await route.fetch();
    expect(answer.status(), await answer.text()).toBe(201);
    stored += 1;
    await route.abort("connectionreset");
  });
  await page.goto("/suporte");
  await choose(page, "Departamento", "RH");
  await page.getByLabel("Assunto").fill("Crachá novo");
  await page.getByLabel("Descrição").fill("Perdi o crachá na filmagem de ontem.");
  await page.getByRole("button", { name: "Enviar solicitação" }).click();
  await expect(banner).toBeVisible();
  expect(stored).toBe(1);
  await page.unroute(SUPPORT);
  await reconnect(page);
  await expect(page.getByText("Enviada", { exact: true })).toBeVisible();
  await expect(banner).toHaveCount(0);
  expect(await myRequests(page)).toEqual([
    "reembolso: Táxi sem sinal",
    "suporte: Perdi o crachá na filmagem de ontem.",
  ]);

  // 3. Offline again, the same receipt's key: the server refuses the draft when it arrives, and
  // 'Corrigir' brings the form back with what was typed and the server's message.
  await page.goto("/reembolso");
  await fillReimbursement(page, file, "Táxi da nota repetida", key);
  await page.context().setOffline(true);
  await page.getByRole("button", { name: "Enviar solicitação" }).click();
  await expect(banner).toBeVisible();
  await page.context().setOffline(false);
  await expect(drafts).toContainText("Solicitação de Reembolso não enviada");
  await expect(drafts).toContainText("Esta nota fiscal já foi usada");
  await page.screenshot({ path: path.join(SHOTS, "rascunho-recusado-1280.png"), fullPage: true });
  await drafts.getByRole("link", { name: "Corrigir" }).click();
  await expect(page.getByLabel("Descrição")).toHaveValue("Táxi da nota repetida");
  await expect(page.locator("#reembolso-chave-nota-error")).toContainText("Esta nota fiscal já foi usada");
  await expect(page.getByRole("list", { name: "Arquivos escolhidos" })).toContainText("recibo.png");
  expect(await myRequests(page)).toHaveLength(2);
  expect(await draftsOnDevice(page)).toBe(1);

  // 4. Signing out removes the person's drafts from the device.
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => draftsOnDevice(page)).toBe(0);
});
