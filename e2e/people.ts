import path from "node:path";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, seriousA11yViolations, skipSplash } from "./fixtures";
import { signInOrRegister } from "./support";

/*
 * People, teams and requests of the review desk's tests (decisions 011 and 015):
 * ADMIN_EMAILS=admin@agencia.digital on the e2e server (global-setup.ts); each
 * test makes a team of its own, so parallel tests never share members.
 */

export const ADMIN = "admin@agencia.digital";

let contexts = 0;

/** A browser of its own for one more person, at a desktop size unless told. */
export async function personBrowser(
  browser: Browser,
  baseURL: string | undefined,
  viewport = { width: 1280, height: 800 },
) {
  contexts += 1;
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    acceptDownloads: true,
    // Each person from an address of their own: the per-address limits are not the test's subject.
    extraHTTPHeaders: { "x-forwarded-for": `10.212.${process.pid % 250}.${(Date.now() + contexts) % 250}` },
  });
  const page = await context.newPage();
  await skipSplash(page);
  return { context, page };
}

/** `run` with an administrator's page, in a browser of their own that is closed afterwards. */
export async function asAdmin(
  browser: Browser,
  baseURL: string | undefined,
  run: (page: Page) => Promise<void>,
) {
  const admin = await personBrowser(browser, baseURL);
  try {
    await signInOrRegister(admin.page, { email: ADMIN, name: "Alice Admin" });
    await run(admin.page);
  } finally {
    await admin.context.close();
  }
}

/** A team of this test's own, made by an administrator through the API ('Equipes e permissões' has its own test). */
export async function teamFor(
  browser: Browser,
  baseURL: string | undefined,
  members: string[],
  handles: { kinds?: string[]; departamentos?: string[] },
) {
  const admin = await personBrowser(browser, baseURL);
  try {
    await signInOrRegister(admin.page, { email: ADMIN, name: "Alice Admin" });
    const name = `Equipe ${Date.now().toString(36)}${contexts}`;
    const created = await admin.page.request.post("/api/admin/equipes", {
      data: { name, kinds: handles.kinds ?? [], departamentos: handles.departamentos ?? [], members },
    });
    expect(created.status(), await created.text()).toBe(201);
    return name;
  } finally {
    await admin.context.close();
  }
}

/** Puts `email` in the built-in RH team, as an administrator does on 'Equipes e permissões'. */
export async function joinRh(browser: Browser, baseURL: string | undefined, email: string) {
  const admin = await personBrowser(browser, baseURL);
  try {
    await signInOrRegister(admin.page, { email: ADMIN, name: "Alice Admin" });
    const teams = (await (await admin.page.request.get("/api/admin/equipes")).json()).teams as {
      id: string;
      name: string;
      kinds: string[];
      departamentos: string[];
      members: string[];
    }[];
    const rh = teams.find((team) => team.name === "RH")!;
    expect(rh.kinds).toContain("ausencia");
    const members = rh.members.filter((member) => member !== email);
    const saved = await admin.page.request.put(`/api/admin/equipes/${rh.id}`, {
      data: { name: rh.name, kinds: rh.kinds, departamentos: rh.departamentos, members: [...members, email] },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  } finally {
    await admin.context.close();
  }
}

/**
 * A person's name of this attempt's own, letters only ('Lia Mabcdef'): the calendars and the balances'
 * lists are everyone's, and a retry must not meet the first try's.
 */
export function uniqueName(first: string) {
  const letters = Date.now()
    .toString(36)
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
  return `${first} ${letters.charAt(0).toUpperCase()}${letters.slice(1)}`;
}

/** A small PDF whose bytes are this test's own (the same bytes would be a flagged duplicate). */
export function receipt(testInfo: TestInfo, name: string, text = "") {
  return {
    name,
    mimeType: "application/pdf",
    buffer: Buffer.from(`%PDF-1.4\n% ${name} ${testInfo.testId} ${text}\n%%EOF\n`),
  };
}

/** A reimbursement of today sent through the API; answers its id. */
export async function sendReimbursement(
  page: Page,
  testInfo: TestInfo,
  descricao: string,
  valor = "R$ 150,00",
  extra: { chavePix?: string; tipo?: string; centroCusto?: string; fileName?: string } = {},
) {
  const today = new Date().toLocaleDateString("sv-SE", { timeZone: "America/Sao_Paulo" });
  const sent = await page.request.post("/api/solicitacoes/reembolso", {
    headers: { "idempotency-key": crypto.randomUUID() },
    multipart: {
      data: today,
      tipo: extra.tipo ?? "transporte",
      valor,
      centroCusto: extra.centroCusto ?? "marketing",
      descricao,
      ...(extra.chavePix ? { chavePix: extra.chavePix } : {}),
      anexo: receipt(testInfo, extra.fileName ?? "recibo.pdf", descricao),
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return (await sent.json()).id as string;
}

const SHOTS = path.resolve(".e2e", "screenshots");

/** 'Conta pagadora' filled by the administrator on its page (the money loop, decision 059). */
export async function setPayingAccount(page: Page) {
  await signInOrRegister(page, { email: "admin@agencia.digital", name: "Alice Admin" });
  await page.goto("/admin/conta-pagadora");
  await expect(page.getByRole("heading", { level: 1, name: "Conta pagadora" })).toBeVisible();
  await page.getByRole("combobox", { name: "Banco do arquivo" }).click();
  await page.getByRole("option", { name: "Itaú (SISPAG)" }).click();
  await page.getByLabel("Código do banco").fill("341");
  await page.getByLabel("Agência", { exact: true }).fill("0123");
  await page.getByLabel("Conta", { exact: true }).fill("45678");
  await page.getByLabel("Dígito da conta").fill("9");
  await page.getByLabel("CNPJ da agência").fill("11.222.333/0001-81");
  await page.getByLabel("Razão social").fill("Agência Digital Ltda");
  await page.getByLabel("Código do convênio").fill("0");
  await page.getByRole("button", { name: "Salvar conta" }).click();
  await expect(page.getByText("Conta pagadora salva")).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, "conta-pagadora-1280.png"), fullPage: true });
  expect(await seriousA11yViolations(page)).toEqual([]);
}
