import { describe, expect, it } from "vitest";
import type { Me } from "@/domain/auth/auth.schema";
import { renderHomePage } from "@/web/app/first-pages/prerender-home";

const me = (access: Partial<Me["access"]> = {}): Me => ({
  user: { id: "u1", email: "ana@agencia.com.br", name: "Ana <b>Souza</b>" },
  access: { vagas: false, planejamento: false, caixa: false, admin: false, rh: false, ...access },
  secondFactor: { required: false, enrolled: false, pending: false, passkeyNeeded: false, codeNeeded: false },
});

/** Where the section cards lead, in order. */
const cards = (html: string) => {
  const list = html.slice(html.indexOf('aria-label="Seções do portal"'));
  return [...list.slice(0, list.indexOf("</ul>")).matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
};

describe("the server's drawing of /", () => {
  it("greets the person by first name, escaped, and names them in the top bar", async () => {
    const html = await renderHomePage(me(), {});
    expect(html).toMatch(/(Bom dia|Boa tarde|Boa noite), Ana!/);
    expect(html).toContain('data-testid="user-first-name">Ana<');
    expect(html).not.toContain("<b>");
  });

  it("shows the sections the person may open, as the sidebar does", async () => {
    const staff = cards(await renderHomePage(me({ vagas: true, caixa: true, admin: true }), {}));
    const plain = cards(await renderHomePage(me(), {}));
    expect(staff).toContain("/vagas");
    expect(staff).toContain("/caixa");
    expect(plain).not.toContain("/vagas");
    expect(plain).not.toContain("/caixa");
    expect(plain).toContain("/solicitacoes");
    expect(plain.length).toBeLessThan(staff.length);
  });

  it("draws the sidebar collapsed or expanded as the cookie says, expanded without one", async () => {
    expect(await renderHomePage(me(), { sidebarOpen: false })).toContain('data-state="collapsed"');
    expect(await renderHomePage(me(), { sidebarOpen: true })).toContain(
      'data-testid="app-sidebar" data-state="expanded"',
    );
    expect(await renderHomePage(me(), {})).toContain('data-testid="app-sidebar" data-state="expanded"');
  });

  it("has no link that works before the app runs but the page's own addresses", async () => {
    const html = await renderHomePage(me(), {});
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);
    expect(hrefs.every((href) => href.startsWith("/") || href.startsWith("#"))).toBe(true);
    expect(html).not.toMatch(/<script|<form/);
  });

  it("draws 'Minhas solicitações' and 'Caixa de entrada' as their first commit does, their lists loading", async () => {
    const list = await renderHomePage(me(), { page: "solicitacoes" });
    expect(list).toMatch(/<h1[^>]*>Minhas solicitações<\/h1>/);
    expect(list).toContain("Carregando suas solicitações...");
    expect(list).toContain('data-testid="requests-loading"');
    const queue = await renderHomePage(me({ caixa: true }), { page: "caixa" });
    expect(queue).toMatch(/<h1[^>]*>Caixa de entrada<\/h1>/);
    expect(queue).not.toMatch(/<script|<form/);
  });

  it("draws a request's page loading without its answer", async () => {
    const address = "/solicitacoes/material/3f2b0c1e-0000-4000-8000-000000000000";
    const html = await renderHomePage(me(), { page: "solicitacao", address });
    expect(html).toContain('data-testid="app-sidebar"');
    expect(html).not.toContain("Material de trabalho");
  });
});
