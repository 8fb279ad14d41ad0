import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvSchema } from "./config";
import { configurationMarkdown } from "./config-docs";

const page = path.join(import.meta.dirname, "..", "..", "docs", "configuration.md");

describe("docs/configuration.md", () => {
  it("is what the configuration schema generates (run npm run docs:config after changing it)", () => {
    expect(readFileSync(page, "utf8")).toBe(configurationMarkdown());
  });

  it("names every variable the server reads, with its default as written in the environment", () => {
    const markdown = configurationMarkdown();
    for (const name of Object.keys(EnvSchema.shape)) expect(markdown).toContain(`### \`${name}\``);
    expect(markdown).toMatch(/### `ATTACHMENT_LINK_TTL`[^#]*Default: `7d`/);
    expect(markdown).toMatch(/### `TRUST_PROXY`[^#]*Default: `false`/);
  });
});
