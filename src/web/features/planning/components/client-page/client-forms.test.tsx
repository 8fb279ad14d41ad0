// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { type PublicPlan, type PublicPost, shareMessages } from "@/domain/planning/share-api";
import { LazyToaster } from "@/web/components/ui/lazy-toaster";
import { recordFetch } from "@/web/testing/fetch-recorder";
import { letClosingToastsFinish } from "@/web/testing/toasts";
import { ClientApprovalCard } from "./client-approval-card";
import { ClientPostCard } from "./client-post-card";

/*
 * The client's forms on a shared plan (decision 020), through the form kit: 'Comentar' refuses a
 * blank name and text with the server's own messages under the fields (nothing sent), shows the
 * server's refusal under its field, and after a comment closes with the text emptied and the
 * name kept; the name is one for the comment and the approval; a plan changed meanwhile is read
 * again.
 */

letClosingToastsFinish();

const { calls, answer } = recordFetch();
afterEach(cleanup);

const UNSET = { cta: "", descricao_completa: "", meta_primaria: "", kpi: "", gancho: "", ab_test: "" };
const POST: PublicPost = {
  ...UNSET,
  id: "post-1",
  canal: "Instagram",
  tipo_post: "Carrossel",
  titulo: "Bastidores da fachada",
  data_sugerida: null,
  comentarios: [],
};

const PLAN = { version: 3, aprovacao: null } as unknown as PublicPlan;

function Page({ onStale }: { onStale: () => void }) {
  const [name, setName] = useState("");
  return (
    <>
      <ClientPostCard token="tok" post={POST} name={name} onName={setName} />
      <ClientApprovalCard token="tok" plan={PLAN} name={name} onName={setName} onStale={onStale} />
    </>
  );
}

function setup() {
  const user = userEvent.setup();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  let stale = 0;
  render(
    <QueryClientProvider client={client}>
      <Page onStale={() => stale++} />
      <LazyToaster />
    </QueryClientProvider>,
  );
  const card = screen.getByTestId("post-cliente");
  const approval = screen.getByRole("region", { name: "Aprovar o planejamento" });
  return { user, card, approval, stale: () => stale };
}

const errorOf = (field: HTMLElement) =>
  document.getElementById(field.getAttribute("aria-describedby") ?? "")?.textContent;

async function openComment(user: ReturnType<typeof userEvent.setup>, card: HTMLElement) {
  await user.click(within(card).getByRole("button", { name: "Comentar" }));
  return { name: within(card).getByLabelText("Seu nome"), text: within(card).getByLabelText("Comentário") };
}

describe("'Comentar' on the client's page", () => {
  it("says the shared messages under a blank name and text, and sends nothing", async () => {
    const { user, card } = setup();
    const { name, text } = await openComment(user, card);
    await user.type(text, "   ");
    await user.click(within(card).getByRole("button", { name: "Enviar comentário" }));
    await waitFor(() => expect(errorOf(name)).toBe(shareMessages.nameRequired));
    expect(errorOf(text)).toBe(shareMessages.commentRequired);
    expect(name).toBe(document.activeElement);
    expect(calls).toEqual([]);
  });

  it("puts the server's refusal under its field, with the toast", async () => {
    const { user, card } = setup();
    const { name, text } = await openComment(user, card);
    answer(400, {
      message: "Dados inválidos",
      description: shareMessages.commentTooLong,
      code: "VALIDATION",
      fields: { texto: shareMessages.commentTooLong },
    });
    await user.type(name, "Carla Cliente");
    await user.type(text, "Pode ser a foto da fachada?");
    await user.click(within(card).getByRole("button", { name: "Enviar comentário" }));
    await waitFor(() => expect(errorOf(text)).toBe(shareMessages.commentTooLong));
    expect(calls).toHaveLength(1);
    expect(await screen.findByText("Dados inválidos")).toBeTruthy();
  });

  it("sends the comment trimmed, closes with the text emptied, and keeps the name for the approval", async () => {
    const { user, card, approval } = setup();
    const { name, text } = await openComment(user, card);
    await user.type(name, " Carla Cliente ");
    expect((within(approval).getByLabelText("Seu nome") as HTMLInputElement).value).toBe(" Carla Cliente ");
    await user.type(text, "  Pode ser a foto da fachada?  ");
    await user.click(within(card).getByRole("button", { name: "Enviar comentário" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toContain("/tok/comentarios");
    expect(calls[0]!.body).toEqual({
      post_id: "post-1",
      nome: "Carla Cliente",
      texto: "Pode ser a foto da fachada?",
    });
    expect(await screen.findByText(shareMessages.commentSent)).toBeTruthy();
    await waitFor(() => expect(within(card).queryByLabelText("Comentário")).toBeNull());
    const reopened = await openComment(user, card);
    expect((reopened.text as HTMLTextAreaElement).value).toBe("");
    expect((reopened.name as HTMLInputElement).value).toBe(" Carla Cliente ");
  });
});

describe("'Aprovar o planejamento'", () => {
  it("takes the name typed there into the comment, and reads a changed plan again", async () => {
    const { user, card, approval, stale } = setup();
    await user.type(within(approval).getByLabelText("Seu nome"), "Carla");
    const { name } = await openComment(user, card);
    expect((name as HTMLInputElement).value).toBe("Carla");

    answer(409, { message: "Planejamento alterado", description: "Leia de novo.", code: "PLAN_CONFLICT" });
    await user.click(within(approval).getByRole("button", { name: shareMessages.approve }));
    await waitFor(() => expect(stale()).toBe(1));
    expect(calls[0]!.url).toContain("/tok/aprovar");
    expect(calls[0]!.body).toEqual({ nome: "Carla", version: 3 });
    expect(await screen.findByText("Planejamento alterado")).toBeTruthy();
  });
});
