import { describe, expect, it } from "vitest";
import {
  checkSecondFactorCode,
  normalizeTotpCode,
  secondFactorMessages,
  totpSecretOf,
} from "./second-factor-rules";

describe("the second factor's code rules (docs/decisions/054)", () => {
  it("takes 6 digits, with the spaces and dashes people type", () => {
    expect(checkSecondFactorCode("123456", "totp")).toBeNull();
    expect(checkSecondFactorCode(" 123 456 ", "totp")).toBeNull();
    expect(normalizeTotpCode("123-456")).toBe("123456");
    expect(checkSecondFactorCode("", "totp")).toBe(secondFactorMessages.codeRequired);
    expect(checkSecondFactorCode("12345", "totp")).toBe(secondFactorMessages.codeFormat);
    expect(checkSecondFactorCode("12345a", "totp")).toBe(secondFactorMessages.codeFormat);
  });

  it("takes a recovery code as better-auth makes them, XXXXX-XXXXX", () => {
    expect(checkSecondFactorCode("aB3dE-9xYz1", "recuperacao")).toBeNull();
    expect(checkSecondFactorCode(" aB3dE-9xYz1 ", "recuperacao")).toBeNull();
    expect(checkSecondFactorCode("", "recuperacao")).toBe(secondFactorMessages.recoveryCodeRequired);
    expect(checkSecondFactorCode("aB3dE9xYz1", "recuperacao")).toBe(secondFactorMessages.recoveryCodeFormat);
  });

  it("reads the secret an app asks for by hand from the otpauth:// URI", () => {
    expect(
      totpSecretOf("otpauth://totp/Balc%C3%A3o:ana%40agencia.digital?secret=JBSWY3DP&issuer=Balc%C3%A3o"),
    ).toBe("JBSWY3DP");
  });
});
