import { describe, expect, it } from "vitest";
import { checkPasswordChoice } from "./auth/auth.rules";
import { ConfirmWithPasswordFormSchema, UpdateNameFormSchema } from "./auth/auth.schema";
import { checkPersonName } from "./auth/person-name";
import { BulkActionInputSchema, PaymentBatchFormSchema } from "./finance/bulk-api";
import { financeMessages } from "./finance/payment";

/*
 * The forms' schemas say what the server says, field by field: the
 * confirmation page's (checkPasswordChoice, as the server's service applies it),
 * 'Seus dados''s (checkPersonName) and 'Lote de pagamento''s (the bulk move's
 * own day and method).
 */

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe("the confirmation page's schema", () => {
  it.each([
    { name: "", password: "", confirmPassword: "" },
    { name: "Ana Souza", password: "curta", confirmPassword: "curta" },
    { name: "Ana Souza", password: "uma senha longa", confirmPassword: "outra senha longa" },
    { name: "A", password: "uma senha longa", confirmPassword: "uma senha longa" },
  ])("refuses %o with checkPasswordChoice's messages under its fields", (values) => {
    const failure = checkPasswordChoice(values);
    expect(failure).not.toBeNull();
    expect(messages(ConfirmWithPasswordFormSchema.safeParse(values))).toEqual(failure!.fields);
  });

  it("takes what checkPasswordChoice takes", () => {
    const values = { name: "Ana Souza", password: "uma senha longa", confirmPassword: "uma senha longa" };
    expect(checkPasswordChoice(values)).toBeNull();
    expect(ConfirmWithPasswordFormSchema.parse(values)).toEqual(values);
  });
});

describe("'Lote de pagamento''s schema", () => {
  it("refuses an empty day and method with the bulk move's messages", () => {
    expect(messages(PaymentBatchFormSchema.safeParse({ pagoEm: "", formaPagamento: "" }))).toEqual({
      pagoEm: financeMessages.paidDateInvalid,
      formaPagamento: financeMessages.methodInvalid,
    });
    const server = BulkActionInputSchema.safeParse({
      acao: "marcar_pago",
      itens: [{ tipo: "reembolso", id: "0190a8f0-0000-7000-8000-000000000001" }],
      pagoEm: "",
      formaPagamento: "",
    });
    expect(messages(server)).toEqual({
      pagoEm: financeMessages.paidDateInvalid,
      formaPagamento: financeMessages.methodInvalid,
    });
  });

  it("takes a day and a method the bulk move takes", () => {
    expect(PaymentBatchFormSchema.parse({ pagoEm: "2026-11-27", formaPagamento: "pix" })).toEqual({
      pagoEm: "2026-11-27",
      formaPagamento: "pix",
    });
  });
});

describe("'Seus dados''s schema", () => {
  it.each(["", "Jo", "  Jo  "])("refuses %j with checkPersonName's message", (name) => {
    const message = checkPersonName(name);
    expect(message).not.toBeNull();
    expect(messages(UpdateNameFormSchema.safeParse({ name }))).toEqual({ name: message });
  });

  it("sends the name trimmed, and nothing else", () => {
    expect(UpdateNameFormSchema.parse({ name: "  Ana Souza ", email: "ana@agencia.digital" })).toEqual({
      name: "Ana Souza",
    });
  });
});
