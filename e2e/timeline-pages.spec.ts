import { expect, test } from "./fixtures";

/*
 * A request's page shows the latest 50 entries of its timeline; 'Carregar
 * anteriores' brings the earlier ones (docs/decisions/031).
 */

test("a long timeline: the latest 50 entries, then 'Carregar anteriores' shows the rest", async ({
  page,
  signIn,
}) => {
  await signIn({ name: "Ana Souza" });
  const sent = await page.request.post("/api/solicitacoes/material", {
    headers: { "idempotency-key": crypto.randomUUID() },
    data: {
      nome: "Ana Souza",
      descricao: "Cadeira ergonômica",
      motivo: "A atual quebrou",
      quantidade: 1,
      urgencia: "media",
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const id = (await sent.json()).id as string;
  // 55 comments (under the 60 a person may write in 15 minutes) and the request's own entry: 56.
  for (let i = 1; i <= 55; i++) {
    const comment = await page.request.post(`/api/solicitacoes/material/${id}/comentarios`, {
      data: { texto: `Comentário número ${i}` },
    });
    expect(comment.status(), await comment.text()).toBe(201);
  }

  await page.goto(`/solicitacoes/material/${id}`);
  const entries = page.getByTestId("timeline").locator(":scope > li");
  await expect(entries).toHaveCount(50);
  await expect(entries.last()).toContainText("Comentário número 55");
  await expect(entries.first()).toContainText("Comentário número 6");

  await page.getByRole("button", { name: "Carregar anteriores" }).click();
  await expect(entries).toHaveCount(56);
  await expect(entries.first()).toContainText("enviou a solicitação");
  await expect(entries.nth(1)).toContainText("Comentário número 1");
  await expect(page.getByRole("button", { name: "Carregar anteriores" })).toHaveCount(0);
});
