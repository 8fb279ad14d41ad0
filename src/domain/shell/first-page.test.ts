import { describe, expect, it } from "vitest";
import { withPageData, withPrerendered } from "./first-page";

describe("a page drawn into index.html", () => {
  it("goes beside #root, inert and hidden from assistive technology", () => {
    expect(withPrerendered('<body><div id="root"></div></body>', "home", "<p>Olá</p>")).toBe(
      '<body><div id="prerendered" data-page="home" inert aria-hidden="true"><p>Olá</p></div><div id="root"></div></body>',
    );
  });

  it("is inserted as written, even where it holds a replacement pattern", () => {
    expect(withPrerendered('<div id="root"></div>', "login", "<p>$& $' $`</p>")).toContain("<p>$& $' $`</p>");
  });

  it("refuses a page without #root", () => {
    expect(() => withPrerendered("<body></body>", "login", "<p>Olá</p>")).toThrow(/root/);
  });
});

describe("the answer a page was drawn with (decision 068)", () => {
  it("goes beside #root as JSON nothing runs, and nothing in it can close its element", () => {
    const data = { descricao: "</script><script>alert(1)</script> $& ok" };
    const html = withPageData('<body><div id="root"></div></body>', "/solicitacoes/material/1", data);
    const block =
      /^<body><script type="application\/json" id="first-page-data">(.*)<\/script><div id="root"><\/div><\/body>$/.exec(
        html,
      );
    expect(block![1]).not.toContain("<");
    expect(JSON.parse(block![1]!)).toEqual({ address: "/solicitacoes/material/1", data });
  });
});
