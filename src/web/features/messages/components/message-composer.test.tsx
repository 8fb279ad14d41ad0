// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { MessageComposer } from "./message-composer";

/*
 * Spec §2 /messages: Enter sends, Shift+Enter inserts a newline, and sending
 * only clears the input (the demo has nowhere to send to), the box keeping the focus.
 */

afterEach(cleanup);

function setup() {
  const user = userEvent.setup();
  render(<MessageComposer contactName="Júlia Mendes" />);
  const form = screen.getByRole("form", { name: "Responder a Júlia Mendes" });
  const message = screen.getByRole("textbox", { name: "Mensagem" }) as HTMLTextAreaElement;
  const send = screen.getByRole("button", { name: "Enviar" }) as HTMLButtonElement;
  return { user, form, message, send };
}

describe("the message composer", () => {
  it("keeps 'Enviar' disabled while the message is blank, and says how Enter works", async () => {
    const { user, message, send } = setup();
    expect(send.disabled).toBe(true);
    await user.type(message, "   ");
    expect(send.disabled).toBe(true);
    expect(message.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(message.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Enter envia · Shift+Enter quebra a linha",
    );
  });

  it("Shift+Enter inserts a newline; Enter clears the box and keeps the focus", async () => {
    const { user, message } = setup();
    await user.click(message);
    await user.keyboard("linha 1{Shift>}{Enter}{/Shift}linha 2");
    expect(message.value).toBe("linha 1\nlinha 2");
    await user.keyboard("{Enter}");
    await expect.poll(() => message.value).toBe("");
    expect(document.activeElement).toBe(message);
  });

  it("'Enviar' clears the box and gives the focus back to it", async () => {
    const { user, message, send } = setup();
    await user.type(message, "pelo botão");
    expect(send.disabled).toBe(false);
    await user.click(send);
    await expect.poll(() => message.value).toBe("");
    expect(document.activeElement).toBe(message);
    expect(send.disabled).toBe(true);
  });
});
