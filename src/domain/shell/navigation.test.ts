import { describe, expect, it } from "vitest";
import { KIND_NAMES, REQUEST_KIND_META } from "../requests/kinds/meta";
import { visibleNavItems } from "./navigation";

describe("sidebar items (spec §2)", () => {
  it("shows everyone the open sections in the spec's order", () => {
    const labels = visibleNavItems({
      vagas: false,
      planejamento: false,
      caixa: false,
      admin: false,
      rh: false,
    }).map((i) => i.label);
    // Every kind is open to everyone; the spec's ones in its order (a later kind goes where its meta says).
    for (const kind of KIND_NAMES) expect(labels).toContain(REQUEST_KIND_META[kind].label);
    const SPEC_ORDER = [
      "Início",
      "Minhas solicitações",
      "Reembolso",
      "Bolsa de Capacitação",
      "Material",
      "Análise de páginas",
      "Suporte",
      "Ausência",
      "Quem está fora",
    ];
    expect(labels.filter((label) => SPEC_ORDER.includes(label))).toEqual(SPEC_ORDER);
    expect(labels.length).toBe(SPEC_ORDER.length + KIND_NAMES.length - 6);
  });
  it("adds the staff items where the allow-lists say", () => {
    const paths = visibleNavItems({
      vagas: true,
      planejamento: true,
      caixa: false,
      admin: false,
      rh: false,
    }).map((i) => i.path);
    // Every kind's form is in the menu; the spec's order of these pages (a later kind goes where its meta says).
    for (const kind of KIND_NAMES) expect(paths).toContain(REQUEST_KIND_META[kind].formPath);
    const SPEC_ORDER = [
      "/",
      "/solicitacoes",
      "/reembolso",
      "/bolsa-capacitacao",
      "/vagas",
      "/material",
      "/seo",
      "/planejamento",
      "/planejamento/lista",
      "/suporte",
      "/ausencia",
      "/quem-esta-fora",
    ];
    expect(paths.filter((path) => SPEC_ORDER.includes(path))).toEqual(SPEC_ORDER);
    expect(
      visibleNavItems({ vagas: true, planejamento: false, caixa: false, admin: false, rh: false }).some((i) =>
        i.path.startsWith("/planejamento"),
      ),
    ).toBe(false);
  });
  it("shows 'Caixa de entrada' to members and 'Equipes e permissões' to administrators (decision 011)", () => {
    const paths = (caixa: boolean, admin: boolean) =>
      visibleNavItems({ vagas: false, planejamento: false, caixa, admin, rh: admin }).map((i) => i.path);
    expect(paths(true, false).slice(0, 3)).toEqual(["/", "/solicitacoes", "/caixa"]);
    expect(paths(true, false)).not.toContain("/admin");
    expect(paths(false, true).slice(-4)).toEqual([
      "/admin",
      "/admin/pessoas",
      "/feriados",
      "/admin/conta-pagadora",
    ]);
    expect(paths(false, true)).not.toContain("/caixa");
  });
  it("shows 'Feriados' to RH and administrators only, beside 'Pessoas' (docs/decisions/060)", () => {
    const none = { vagas: false, planejamento: false, caixa: false, admin: false, rh: false };
    const labels = (access: Partial<typeof none>) =>
      visibleNavItems({ ...none, ...access }).map((i) => i.label);
    expect(labels({ rh: true })).toContain("Feriados");
    // RH records admission dates on 'Pessoas' and reads everyone's balance (docs/decisions/060).
    expect(labels({ rh: true })).toEqual(expect.arrayContaining(["Pessoas", "Férias da equipe"]));
    expect(labels({ caixa: true })).not.toContain("Férias da equipe");
    for (const access of [{}, { caixa: true }, { vagas: true, planejamento: true }])
      expect(labels(access)).not.toContain("Feriados");
    const admin = labels({ admin: true, rh: true });
    expect(admin.indexOf("Feriados")).toBe(admin.indexOf("Pessoas") + 1);
  });
  it("shows 'Banco de horas' to RH and administrators only (docs/decisions/060)", () => {
    const none = { vagas: false, planejamento: false, caixa: false, admin: false, rh: false };
    const shows = (access: Partial<typeof none>) =>
      visibleNavItems({ ...none, ...access }).some((i) => i.path === "/banco-de-horas");
    expect(shows({})).toBe(false);
    expect(shows({ vagas: true, planejamento: true })).toBe(false);
    expect(shows({ rh: true })).toBe(true);
    expect(shows({ admin: true })).toBe(true);
    expect(shows({ caixa: true })).toBe(false);
    const items = visibleNavItems({ ...none, rh: true }).map((i) => i.path);
    expect(items.indexOf("/banco-de-horas")).toBe(items.indexOf("/quem-esta-fora") + 1);
  });
});
