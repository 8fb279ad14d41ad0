import {
  expect,
  openConfirmationLink,
  openMagicLink,
  PASSWORD,
  test,
  uniqueEmail,
  waitForMail,
} from "./fixtures";

test.describe("sign-up and sign-in", () => {
  test("refuses an e-mail outside the company domains", async ({ page }) => {
    await page.goto("/register");
    await page.getByLabel("Nome", { exact: true }).fill("Fora Dominio");
    await page.getByLabel("Email").fill("alguem@gmail.com");
    await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirmar senha").fill(PASSWORD);
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await expect(page.getByText("Domínio não permitido")).toBeVisible();
    await expect(
      page.getByText("Apenas emails com domínios @agencia.digital e @agencia.com.br são permitidos.").first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("shows 'Email inválido' on the field for an address that is not one mailbox, at sign-up and sign-in", async ({
    page,
  }) => {
    const message =
      "Informe um único endereço de email, no formato nome@empresa.com.br, sem espaços nem acentos.";
    await page.goto("/register");
    await page.getByLabel("Nome", { exact: true }).fill("Eve Souza");
    await page.getByLabel("Email").fill("x@gmail.com,y@agencia.digital");
    await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirmar senha").fill(PASSWORD);
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await expect(page.getByText("Email inválido", { exact: true }).first()).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription(message);
    await expect(page).toHaveURL(/\/register$/);

    await page.goto("/login");
    await page.getByLabel("Email").fill("Eve <eve@gmail.com> z@agencia.digital");
    await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByText("Email inválido", { exact: true }).first()).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription(message);
    await expect(page).toHaveURL(/\/login$/);
  });

  test("register, confirm from the e-mail, sign in, see the greeting, sign out", async ({ page }) => {
    const email = uniqueEmail("ana");
    await page.goto("/register");
    await expect(page.getByRole("heading", { name: "Cadastre-se" })).toBeVisible();
    await page.getByLabel("Nome", { exact: true }).fill("Ana Souza");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirmar senha").fill(PASSWORD);
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await expect(page.getByText("Cadastro realizado com sucesso!")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel("Email")).toHaveValue(email);

    // Before confirming, sign-in is refused with the spec's message.
    await page.getByLabel("Senha").fill(PASSWORD);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByText("Email não confirmado")).toBeVisible();

    await openConfirmationLink(page, (await waitForMail(email, /Confirme/)).links[0]!);

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Senha").fill(PASSWORD);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      /^(Bom dia|Boa tarde|Boa noite), Ana!?$/,
    );
    await expect(page.getByRole("banner").getByText("Ana", { exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("wrong password stays on the form with 'Credenciais inválidas'", async ({ page, signIn }) => {
    const { email } = await signIn();
    await page.request.post("/api/logout", { data: {} });
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Senha").fill("senha-errada");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByText("Credenciais inválidas")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("magic link: sent view, then the e-mailed link signs in", async ({ page, signIn }) => {
    const { email } = await signIn({ name: "Bruno Lima" });
    await page.request.post("/api/logout", { data: {} });
    await page.goto("/login");
    await page.getByRole("button", { name: /link mágico/i }).click();
    await expect(page.getByLabel("Senha")).toHaveCount(0);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Enviar link mágico" }).click();
    await expect(page.getByText(`Enviamos um link de acesso para ${email}`)).toBeVisible();
    await expect(page.getByText("Link de acesso enviado!")).toBeVisible();

    const mail = await waitForMail(email, /link de acesso/);
    await openMagicLink(page, mail.links[0]!);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Bruno");

    // Single use: the same link again says so on its page.
    await page.request.post("/api/logout", { data: {} });
    await page.goto(mail.links[0]!);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Link inválido ou expirado" })).toBeVisible();
  });

  test("magic link for an unknown e-mail says 'Usuário não encontrado'", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: /link mágico/i }).click();
    await page.getByLabel("Email").fill(uniqueEmail("ninguem"));
    await page.getByRole("button", { name: "Enviar link mágico" }).click();
    await expect(page.getByText("Usuário não encontrado")).toBeVisible();
    await expect(page.getByRole("button", { name: "Enviar link mágico" })).toBeVisible();
  });

  test("'Voltar para o login' returns to the form", async ({ page, signIn }) => {
    const { email } = await signIn();
    await page.request.post("/api/logout", { data: {} });
    await page.goto("/login");
    await page.getByRole("button", { name: /link mágico/i }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Enviar link mágico" }).click();
    await page.getByRole("button", { name: "Voltar para o login" }).click();
    await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
  });
});

test.describe("routing rules", () => {
  test("a protected URL while signed out lands on /login, replacing history", async ({ page }) => {
    await page.goto("/reembolso");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
  });

  test("a signed-in user opening /login or /register lands on /", async ({ page, signIn }) => {
    await signIn();
    await page.goto("/login");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/register");
    await expect(page).toHaveURL(/\/$/);
  });

  test("an unknown path shows the 404 page with a link home", async ({ page }) => {
    await page.goto("/nao-existe/mesmo");
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await page.getByRole("link", { name: /início/i }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
