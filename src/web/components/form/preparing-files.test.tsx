// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRef } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { useServerForm } from "@/web/lib/use-server-form";
import { filesPrepared, trackPreparation } from "./preparing-files";

/*
 * A photo chosen just before 'Enviar' is still being reduced (decision 065) when the person sends:
 * the submission waits for the preparations the file field tracks, and the request goes with the
 * photo, not without it. The preparation here is one the test ends when it chooses.
 */

afterEach(cleanup);

type Values = { anexo: string[] };

function Sketch({ send, prepared }: { send: (values: Values) => Promise<void>; prepared: Promise<void> }) {
  const element = useRef<HTMLFormElement>(null);
  const { form, onSubmit } = useServerForm<Values, Values, void>({
    resolver: async (values) => ({ values, errors: {} }),
    defaults: { anexo: [] },
    serverFields: ["anexo"],
    send: (values) => send(values),
    errorNotice: () => ({ title: "Erro ao enviar" }),
  });
  const choose = () =>
    trackPreparation(
      element.current,
      prepared.then(() => form.setValue("anexo", ["recibo-reduzido.jpg"])),
    );
  return (
    <form ref={element} noValidate onSubmit={onSubmit} aria-label="Reembolso">
      <button type="button" onClick={choose}>
        Escolher foto
      </button>
      <button type="submit">Enviar</button>
    </form>
  );
}

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe("a submission while a chosen photo is being prepared", () => {
  it("waits for the photo and sends it, once", async () => {
    const user = userEvent.setup();
    const sent: Values[] = [];
    const preparation = deferred();
    render(<Sketch send={async (values) => void sent.push(values)} prepared={preparation.promise} />);
    await user.click(screen.getByRole("button", { name: "Escolher foto" }));

    await user.click(screen.getByRole("button", { name: "Enviar" }));
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    expect(sent).toEqual([]);

    preparation.resolve();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.anexo).toEqual(["recibo-reduzido.jpg"]);
  });

  it("is over at once for a form with nothing being prepared", async () => {
    await expect(filesPrepared(document.createElement("form"))).resolves.toBeUndefined();
    await expect(filesPrepared(null)).resolves.toBeUndefined();
  });
});
