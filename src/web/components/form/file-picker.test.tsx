// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it } from "vitest";
import { REEMBOLSO_ATTACHMENTS } from "@/domain/requests/kinds/reembolso/definition";
import { type FieldSpec, FormFields } from "./form-fields";
import { withAttachments } from "./with-attachments";

/*
 * The reimbursement's receipts through the kit's file field, checked by the
 * same rules the server applies (REEMBOLSO_ATTACHMENTS): the message of a
 * missing or refused file under the field, each chosen file listed with its
 * size or its own problem, and a button to remove it.
 */

afterEach(cleanup);

type Values = { anexo: File[] };
const FIELDS: readonly FieldSpec<Values>[] = [
  {
    type: "file",
    name: "anexo",
    label: "Comprovantes",
    required: true,
    hint: "JPG, PNG ou PDF · máx. 30MB por arquivo",
    rules: REEMBOLSO_ATTACHMENTS,
    prompt: "Escolha os comprovantes",
  },
];
const { messages } = REEMBOLSO_ATTACHMENTS;

function Sketch({ onValid }: { onValid: (values: Values) => void }) {
  const form = useForm<Values>({
    resolver: withAttachments<Record<string, never>>(
      async () => ({ values: {}, errors: {} }),
      REEMBOLSO_ATTACHMENTS,
    ) as never,
    defaultValues: { anexo: [] },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)} aria-label="Reembolso">
      <FormFields form={form} fields={FIELDS} idPrefix="reembolso" />
      <button type="submit">Enviar</button>
    </form>
  );
}

function setup() {
  // A file dropped on the area is not filtered by the input's `accept`, so neither is this one.
  const user = userEvent.setup({ applyAccept: false });
  const sent: Values[] = [];
  render(<Sketch onValid={(values) => sent.push(values)} />);
  const input = screen.getByLabelText("Comprovantes") as HTMLInputElement;
  const submit = () => user.click(screen.getByRole("button", { name: "Enviar" }));
  return { user, sent, input, submit };
}

const file = (name: string, type: string, bytes = 2048) => new File([new Uint8Array(bytes)], name, { type });
const chosen = () => screen.getByRole("list", { name: "Arquivos escolhidos" });

describe("the file field", () => {
  it("is a file input named by its label that takes several files of the accepted kinds", () => {
    const { input } = setup();
    expect(input.type).toBe("file");
    expect(input.multiple).toBe(true);
    expect(input.accept.split(",")).toEqual(expect.arrayContaining([".pdf", ".png", "application/pdf"]));
    expect(input.getAttribute("aria-describedby")).toBe("reembolso-anexo-hint");
    expect(screen.queryByRole("list", { name: "Arquivos escolhidos" })).toBeNull();
  });

  it("says a file is required under the field, linked to the input", async () => {
    const { sent, input, submit } = setup();
    await submit();
    const message = await screen.findByText(messages.required as string);
    expect(message.id).toBe("reembolso-anexo-error");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("reembolso-anexo-error reembolso-anexo-hint");
    expect(sent).toEqual([]);
  });

  it("lists each chosen file with its size, once, and sends them in order", async () => {
    const { user, sent, input, submit } = setup();
    const receipt = file("recibo.pdf", "application/pdf");
    const photo = file("foto.png", "image/png", 1024 * 1024);
    await user.upload(input, [receipt, photo]);
    // A photo joins the list once prepared (reduce-photo.ts is imported for it first).
    await screen.findByTitle("foto.png", undefined, { timeout: 5_000 });
    // The same file again is not listed twice.
    await user.upload(input, receipt);
    await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
    const rows = within(chosen()).getAllByRole("listitem");
    expect(rows.map((row) => within(row).getByTitle(/\./).textContent)).toEqual(["recibo.pdf", "foto.png"]);
    expect(within(rows[0] as HTMLElement).getByText(/KB/)).toBeTruthy();

    await submit();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.anexo.map((f) => f.name)).toEqual(["recibo.pdf", "foto.png"]);
  });

  it("shows a refused file's own problem, and removing it lets the form go", async () => {
    const { user, sent, input, submit } = setup();
    await user.upload(input, [file("recibo.pdf", "application/pdf"), file("notas.txt", "text/plain")]);
    const refused = within(chosen()).getByTitle("notas.txt").closest("li") as HTMLElement;
    expect(within(refused).getByText(messages.type)).toBeTruthy();

    await submit();
    expect(document.getElementById("reembolso-anexo-error")?.textContent).toBe(messages.type);
    expect(sent).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Remover notas.txt" }));
    expect(within(chosen()).queryByTitle("notas.txt")).toBeNull();
    expect(document.getElementById("reembolso-anexo-error")).toBeNull();
    await submit();
    expect(sent.map((values) => values.anexo.map((f) => f.name))).toEqual([["recibo.pdf"]]);
  });

  it("refuses a file over the size limit with the limit's message", async () => {
    const { user, input } = setup();
    const big = file("grande.pdf", "application/pdf", 1);
    Object.defineProperty(big, "size", { value: REEMBOLSO_ATTACHMENTS.maxBytes + 1 });
    await user.upload(input, big);
    expect(within(chosen()).getByText(messages.tooLarge)).toBeTruthy();
  });
});
