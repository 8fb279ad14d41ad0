import { describe, expect, it } from "vitest";
import { withPrerendered } from "./first-page";

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
