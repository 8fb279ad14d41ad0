import { describe, expect, it } from "vitest";
import { splashStatus } from "./splash";

describe("splashStatus (spec §2)", () => {
  it("changes at 30 %, 60 % and 90 %", () => {
    expect(splashStatus(0)).toBe("Inicializando sistema...");
    expect(splashStatus(29.9)).toBe("Inicializando sistema...");
    expect(splashStatus(30)).toBe("Carregando componentes...");
    expect(splashStatus(59.9)).toBe("Carregando componentes...");
    expect(splashStatus(60)).toBe("Configurando interface...");
    expect(splashStatus(89.9)).toBe("Configurando interface...");
    expect(splashStatus(90)).toBe("Quase pronto!");
    expect(splashStatus(100)).toBe("Quase pronto!");
  });
});
