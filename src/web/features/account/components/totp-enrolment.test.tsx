// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { secondFactorMessages } from "@/domain/auth/second-factor-rules";
import { LazyToaster } from "@/web/components/ui/lazy-toaster";
import { recordFetch } from "@/web/testing/fetch-recorder";
import { letClosingToastsFinish } from "@/web/testing/toasts";
import { TotpEnrolment } from "./totp-enrolment";

/*
 * Switching the authenticator app on, through the form kit: the password step refuses an empty
 * password with the server's own message under the field (nothing sent) and shows the server's
 * refusal under it; the code step checks the code with the route's rule before sending it.
 */

letClosingToastsFinish();

const { calls, answer } = recordFetch();
afterEach(cleanup);

const ENROLMENT = {
  totpUri: "otpauth://totp/Balc%C3%A3o:ana%40agencia.digital?secret=JBSWY3DPEHPK3PXP&digits=6&period=30",
  secret: "JBSWY3DPEHPK3PXP",
};

function setup({ hasPassword = true } = {}) {
  const user = userEvent.setup();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TotpEnrolment hasPassword={hasPassword} onDone={() => undefined} />
      <LazyToaster />
    </QueryClientProvider>,
  );
  return { user };
}

const errorOf = (field: HTMLElement) =>
  document.getElementById(field.getAttribute("aria-describedby") ?? "")?.textContent;

describe("the password step", () => {
  it("says 'Informe sua senha' under an empty password, and sends nothing", async () => {
    const { user } = setup();
    await user.click(screen.getByRole("button", { name: "Continuar" }));
    const password = screen.getByLabelText("Sua senha");
    await waitFor(() => expect(errorOf(password)).toBe(secondFactorMessages.passwordRequired));
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(password).toBe(document.activeElement);
    expect(calls).toEqual([]);
  });

  it("puts the server's refusal of the password under the field, with the toast", async () => {
    const { user } = setup();
    const { title, description } = secondFactorMessages.passwordWrong;
    answer(400, { message: title, description, code: "PASSWORD_INVALID", fields: { password: description } });
    await user.type(screen.getByLabelText("Sua senha"), "errada-123");
    await user.click(screen.getByRole("button", { name: "Continuar" }));
    const password = screen.getByLabelText("Sua senha");
    await waitFor(() => expect(errorOf(password)).toBe(description));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toContain("/api/me/segundo-fator/totp");
    expect(calls[0]!.body).toEqual({ password: "errada-123" });
    expect(await screen.findByText(title)).toBeTruthy();
    expect(password).toBe(document.activeElement);
  });

  it("asks no password of an account without one, then checks the app's code before sending it", async () => {
    const { user } = setup({ hasPassword: false });
    expect(screen.queryByLabelText("Sua senha")).toBeNull();
    answer(200, ENROLMENT);
    await user.click(screen.getByRole("button", { name: "Continuar" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ password: "" });

    const code = await screen.findByLabelText("Código do aplicativo");
    expect(screen.getByTestId("totp-secret").textContent).toBe("JBSW Y3DP EHPK 3PXP");
    await user.type(code, "12a");
    await user.click(screen.getByRole("button", { name: "Ativar" }));
    await waitFor(() => expect(errorOf(code)).toBe(secondFactorMessages.codeFormat));
    expect(calls).toHaveLength(1);

    const { title, description } = secondFactorMessages.codeWrong;
    answer(400, { message: title, description, code: "INVALID_CODE", fields: { code: description } });
    await user.clear(code);
    await user.type(code, "123 456");
    await user.click(screen.getByRole("button", { name: "Ativar" }));
    await waitFor(() => expect(errorOf(code)).toBe(description));
    expect(calls[1]!.body).toEqual({ code: "123 456" });
  });
});
