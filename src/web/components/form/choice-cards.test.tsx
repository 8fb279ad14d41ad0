// @vitest-environment happy-dom
import { zodResolver } from "@hookform/resolvers/zod";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it } from "vitest";
import { SeoInputSchema } from "@/domain/requests/kinds/seo/definition";
import { seoMessages } from "@/domain/requests/kinds/seo/messages";
import { SEO_ANALYSIS_TYPE_OPTIONS } from "@/domain/requests/kinds/seo/options";
import { type FieldSpec, FormFields } from "./form-fields";

/*
 * One choice shown as cards (the page analysis's kind): a radio group named
 * by its label, each card named by its option and described by its hint, an
 * option not yet offered disabled with 'Indisponível', and the schema's
 * message on the group when nothing is chosen.
 */

afterEach(cleanup);

type Values = { tipoAnalise: string };
const HINTS: Record<string, string> = {
  "analise-conteudo": "Textos, títulos e palavras-chave.",
  "analise-tecnica": "Desempenho e indexação.",
  "analise-cro": "Conversão. Em breve.",
};
const FIELDS: readonly FieldSpec<Values>[] = [
  {
    type: "cards",
    name: "tipoAnalise",
    id: "seo-tipo",
    label: "Tipo de análise",
    required: true,
    options: SEO_ANALYSIS_TYPE_OPTIONS,
    hints: HINTS,
  },
];

function Sketch({ onValid }: { onValid: (values: unknown) => void }) {
  const form = useForm<Values>({
    resolver: zodResolver(SeoInputSchema.pick({ tipoAnalise: true })) as never,
    defaultValues: { tipoAnalise: "" },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)} aria-label="Análise">
      <FormFields form={form} fields={FIELDS} idPrefix="seo" />
      <button type="submit">Solicitar análise</button>
    </form>
  );
}

function setup() {
  const user = userEvent.setup();
  const sent: unknown[] = [];
  render(<Sketch onValid={(values) => sent.push(values)} />);
  const group = screen.getByRole("radiogroup", { name: "Tipo de análise" });
  const submit = () => user.click(screen.getByRole("button", { name: "Solicitar análise" }));
  return { user, sent, group, submit };
}

describe("the choice cards", () => {
  it("are a required radio group, each option named by its label and described by its hint", () => {
    const { group } = setup();
    expect(group.getAttribute("aria-required")).toBe("true");
    const radios = within(group).getAllByRole("radio");
    expect(radios.map((radio) => radio.getAttribute("aria-checked"))).toEqual(["false", "false", "false"]);
    for (const option of SEO_ANALYSIS_TYPE_OPTIONS) {
      const radio = within(group).getByRole("radio", { name: option.label });
      const hint = document.getElementById(radio.getAttribute("aria-describedby") ?? "");
      expect(hint?.textContent).toBe(HINTS[option.value]);
    }
  });

  it("show an option not yet offered as 'Indisponível', and it cannot be chosen", async () => {
    const { user, sent, group, submit } = setup();
    const cro = within(group).getByRole("radio", { name: "Análise de CRO" }) as HTMLButtonElement;
    expect(cro.disabled).toBe(true);
    expect(within(group).getAllByText("Indisponível")).toHaveLength(1);
    expect(cro.closest("label")?.textContent).toContain("Indisponível");

    await user.click(screen.getByText("Análise de CRO"));
    expect(cro.getAttribute("aria-checked")).toBe("false");
    await submit();
    expect(sent).toEqual([]);
  });

  it("say the schema's message on the group when nothing is chosen, and focus the first option", async () => {
    const { sent, group, submit } = setup();
    await submit();
    const message = await screen.findByText(seoMessages.fields.tipoAnaliseRequired);
    expect(group.getAttribute("aria-invalid")).toBe("true");
    expect(group.getAttribute("aria-describedby")).toBe(message.id);
    expect(message.id).toBe("seo-tipo-error");
    expect(document.activeElement).toBe(within(group).getByRole("radio", { name: "Análise de conteúdo" }));
    expect(sent).toEqual([]);
  });

  it("send the chosen option's value, chosen by clicking its card's text", async () => {
    const { user, sent, group, submit } = setup();
    await submit();
    await user.click(screen.getByText(HINTS["analise-tecnica"] as string));
    expect(within(group).getByRole("radio", { name: "Análise técnica" }).getAttribute("aria-checked")).toBe(
      "true",
    );
    expect(screen.queryByText(seoMessages.fields.tipoAnaliseRequired)).toBeNull();
    expect(group.getAttribute("aria-invalid")).toBeNull();
    await submit();
    expect(sent).toEqual([{ tipoAnalise: "analise-tecnica" }]);
  });
});
