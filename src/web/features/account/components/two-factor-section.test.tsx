// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { SecondFactorStatus } from "@/domain/auth/second-factor";
import { secondFactorMessages } from "@/domain/auth/second-factor-rules";
import { LazyToaster } from "@/web/components/ui/lazy-toaster";
import { recordFetch } from "@/web/testing/fetch-recorder";
import { letClosingToastsFinish } from "@/web/testing/toasts";
import { TwoFactorSection } from "./two-factor-section";

/*
 * 'Desativar' on 'Minha conta' through the form kit: an account that signs in by links proves it
 * with a current code, checked with the route's rule before anything is sent; one with a
 * password is asked for it.
 */

letClosingToastsFinish();

const { calls, answer } = recordFetch();
afterEach(cleanup);

const status = (hasPassword: boolean, totp: boolean): SecondFactorStatus => ({
  totp,
  recoveryCodesLeft: totp ? 10 : 0,
  hasPassword,
  required: false,
  passkeys: [],
});

function setup(hasPassword: boolean) {
  answer(200, status(hasPassword, true));
  const user = userEvent.setup();
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <TwoFactorSection />
      <LazyToaster />
    </QueryClientProvider>,
  );
  const posts = () => calls.filter((call) => call.method === "POST");
  return { user, posts };
}

const errorOf = (field: HTMLElement) =>
  document.getElementById(field.getAttribute("aria-describedby") ?? "")?.textContent;

describe("'Desativar' the authenticator app", () => {
  it("asks an account without a password for a current code, refused before sending when malformed", async () => {
    const { user, posts } = setup(false);
    await user.click(await screen.findByRole("button", { name: "Desativar" }));
    const code = screen.getByLabelText("Código do aplicativo");
    await user.type(code, "12");
    await user.click(screen.getByRole("button", { name: "Desativar" }));
    await waitFor(() => expect(errorOf(code)).toBe(secondFactorMessages.codeFormat));
    expect(posts()).toEqual([]);

    answer(200, { ok: true });
    // The section asks again what the person has.
    answer(200, status(false, false));
    await user.clear(code);
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "Desativar" }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({ password: "", code: "123456" });
    expect(await screen.findByText(secondFactorMessages.disabled.title)).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Ativar" })).toBeTruthy();
  });

  it("asks an account with a password for it", async () => {
    const { user, posts } = setup(true);
    await user.click(await screen.findByRole("button", { name: "Desativar" }));
    await user.click(screen.getByRole("button", { name: "Desativar" }));
    const password = screen.getByLabelText("Sua senha");
    await waitFor(() => expect(errorOf(password)).toBe(secondFactorMessages.passwordRequired));
    expect(screen.queryByLabelText("Código do aplicativo")).toBeNull();
    expect(posts()).toEqual([]);
  });
});
