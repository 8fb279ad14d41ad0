import type { Page } from "@playwright/test";
import { expect, seriousA11yViolations, test } from "./fixtures";

/* Spec §2 /messages: the static demo chat, signed in as a fresh user (no allow-list needed). */

const PHONE = { width: 390, height: 844 };

async function openMessages(page: Page) {
  await page.goto("/messages");
  await expect(page.getByRole("heading", { level: 1, name: "Mensagens" })).toBeVisible();
}

const conversationList = (page: Page) => page.getByRole("list", { name: "Conversas" });
const conversationButtons = (page: Page) => conversationList(page).getByRole("button");
const history = (page: Page) => page.getByRole("region", { name: /^Histórico da conversa com/ });
const bubbles = (page: Page) => history(page).getByRole("list", { name: "Mensagens" }).getByRole("listitem");

test.describe("messages", () => {
  test("search filters by name or last message, ignoring case and accents", async ({ page, signIn }) => {
    await signIn();
    await openMessages(page);
    await expect(page.getByText("Demonstração: as mensagens não são enviadas.")).toBeVisible();
    await expect(conversationButtons(page)).toHaveCount(6);

    const search = page.getByRole("searchbox", { name: "Buscar conversas" });
    await search.fill("JULIA");
    await expect(conversationButtons(page)).toHaveCount(1);
    await expect(conversationButtons(page).first()).toContainText("Júlia Mendes");

    // Last messages: Júlia's says "reunião", Lucas' says "pagamento"; "carrossel" is only in an
    // older message of Rafael's, which the search does not look at.
    await search.fill("reuniao");
    await expect(conversationButtons(page)).toHaveCount(1);
    await expect(conversationButtons(page).first()).toContainText("Júlia Mendes");
    await search.fill("pagamento");
    await expect(conversationButtons(page)).toHaveCount(1);
    await expect(conversationButtons(page).first()).toContainText("Lucas Fernandes");
    await search.fill("carrossel");
    await expect(conversationList(page)).toHaveCount(0);

    await search.fill("xyz inexistente");
    await expect(conversationList(page)).toHaveCount(0);
    await expect(page.getByText("Nenhuma conversa encontrada")).toBeVisible();

    await search.fill("");
    await expect(conversationButtons(page)).toHaveCount(6);
  });

  test("selecting a conversation shows its messages", async ({ page, signIn }) => {
    await signIn();
    await openMessages(page);
    const pane = page.getByRole("region", { name: "Mariana Costa", exact: true });
    await expect(pane.getByRole("heading", { level: 2, name: "Mariana Costa" })).toBeVisible();
    await expect(conversationButtons(page).filter({ hasText: "Mariana Costa" })).toHaveAttribute(
      "aria-current",
      "true",
    );

    const rafael = conversationButtons(page).filter({ hasText: "Rafael Oliveira" });
    await rafael.click();
    await expect(rafael).toHaveAttribute("aria-current", "true");
    await expect(conversationButtons(page).filter({ hasText: "Mariana Costa" })).not.toHaveAttribute(
      "aria-current",
    );
    await expect(page.getByRole("heading", { level: 2, name: "Rafael Oliveira" })).toBeVisible();
    await expect(bubbles(page)).toHaveCount(5);
    await expect(bubbles(page).first()).toContainText("Terminei as artes do carrossel");
    await expect(bubbles(page).last()).toContainText("Valeu! Depois me avisa");
    await expect(history(page)).not.toContainText("O cliente da padaria");

    // Opening a conversation clears its unread badge.
    const julia = conversationButtons(page).filter({ hasText: "Júlia Mendes" });
    await expect(julia).toContainText("1 mensagem não lida");
    await julia.click();
    await expect(page.getByRole("heading", { level: 2, name: "Júlia Mendes" })).toBeVisible();
    await expect(julia).not.toContainText("não lida");
  });

  test("Shift+Enter inserts a newline; Enter and Enviar only clear the input", async ({ page, signIn }) => {
    await signIn();
    await openMessages(page);
    const message = page.getByRole("textbox", { name: "Mensagem" });
    const send = page.getByRole("button", { name: "Enviar" });
    await expect(bubbles(page)).toHaveCount(4);
    await expect(send).toBeDisabled();

    await message.click();
    await page.keyboard.type("linha 1");
    await page.keyboard.press("Shift+Enter");
    await page.keyboard.type("linha 2");
    await expect(message).toHaveValue("linha 1\nlinha 2");

    await page.keyboard.press("Enter");
    await expect(message).toHaveValue("");
    await expect(message).toBeFocused();
    await expect(bubbles(page)).toHaveCount(4);
    await expect(history(page)).not.toContainText("linha 1");

    await message.fill("pelo botão");
    await send.click();
    await expect(message).toHaveValue("");
    await expect(message).toBeFocused();
    await expect(bubbles(page)).toHaveCount(4);
    await expect(history(page)).not.toContainText("pelo botão");
  });

  test("phone width: the list first, then the pane with a back button", async ({ page, signIn }) => {
    await page.setViewportSize(PHONE);
    await signIn();
    await openMessages(page);
    await expect(conversationList(page)).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Mensagem" })).toBeHidden();
    await expect(conversationList(page).locator("[aria-current]")).toHaveCount(0);

    await conversationButtons(page).filter({ hasText: "Thiago Andrade" }).click();
    const heading = page.getByRole("heading", { level: 2, name: "Thiago Andrade" });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(conversationList(page)).toBeHidden();
    await expect(bubbles(page).last()).toContainText("Pode subir para produção.");
    await expect(page.getByRole("textbox", { name: "Mensagem" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Enviar" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole("button", { name: "Voltar para conversas" }).click();
    await expect(conversationList(page)).toBeVisible();
    await expect(heading).toBeHidden();
    const thiago = conversationButtons(page).filter({ hasText: "Thiago Andrade" });
    await expect(thiago).toBeFocused();
    await expect(thiago).toHaveAttribute("aria-current", "true");
  });

  test("no serious accessibility violations", async ({ page, signIn }) => {
    await signIn();
    await openMessages(page);
    expect(await seriousA11yViolations(page), "desktop").toEqual([]);
    await page.getByRole("searchbox", { name: "Buscar conversas" }).fill("nada disso");
    await expect(page.getByText("Nenhuma conversa encontrada")).toBeVisible();
    expect(await seriousA11yViolations(page), "empty search").toEqual([]);

    await page.setViewportSize(PHONE);
    await page.getByRole("searchbox", { name: "Buscar conversas" }).fill("");
    await conversationButtons(page).filter({ hasText: "Camila Ribeiro" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Camila Ribeiro" })).toBeVisible();
    expect(await seriousA11yViolations(page), "phone, pane").toEqual([]);
  });
});
