import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("has defaults that start the app on one machine", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: "./data",
      databaseUrl: undefined,
      publicUrl: "http://localhost:3000",
      allowedEmailDomains: ["agencia.digital", "agencia.com.br"],
      requireEmailVerification: true,
      jobOpeningManagers: [],
    });
  });

  it("lower-cases the allow-lists and domains and ignores blanks", () => {
    const config = loadConfig({
      VAGAS_MANAGERS: " Ana@Agencia.Digital, ,bia@agencia.com.br",
      ALLOWED_EMAIL_DOMAINS: "Exemplo.COM.BR",
      PUBLIC_URL: "https://balcao.exemplo.com.br/",
    });
    expect(config.jobOpeningManagers).toEqual(["ana@agencia.digital", "bia@agencia.com.br"]);
    expect(config.allowedEmailDomains).toEqual(["exemplo.com.br"]);
    expect(config.publicUrl).toBe("https://balcao.exemplo.com.br");
  });

  it("reads webhook URLs, S3 storage and the link lifetime", () => {
    const config = loadConfig({
      WEBHOOK_SEO_URL: "https://automacao.exemplo.com/seo",
      S3_BUCKET: "anexos",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "segredo",
      ATTACHMENT_LINK_TTL: "12h",
    });
    expect(config.webhookUrls).toMatchObject({
      seo: "https://automacao.exemplo.com/seo",
      reembolso: undefined,
    });
    expect(config.s3).toMatchObject({ bucket: "anexos", region: "us-east-1", endpoint: undefined });
    expect(config.attachmentLinkTtlSeconds).toBe(12 * 3600);
    expect(loadConfig({}).attachmentLinkTtlSeconds).toBe(7 * 86400);
    expect(loadConfig({}).s3).toBeNull();
  });

  it("keeps the Painel's figures 60 s unless PAINEL_CACHE_SECONDS says otherwise (0: off)", () => {
    expect(loadConfig({}).painelCacheSeconds).toBe(60);
    expect(loadConfig({ PAINEL_CACHE_SECONDS: "0" }).painelCacheSeconds).toBe(0);
  });

  it("keeps sessions in memory 30 s unless SESSION_CACHE_SECONDS says otherwise (0: off)", () => {
    expect(loadConfig({}).sessionCacheSeconds).toBe(30);
    expect(loadConfig({ SESSION_CACHE_SECONDS: "0" }).sessionCacheSeconds).toBe(0);
    expect(loadConfig({ SESSION_CACHE_SECONDS: "120" }).sessionCacheSeconds).toBe(120);
    expect(loadConfig({}).listCacheSeconds).toBe(60);
    expect(loadConfig({ LIST_CACHE_SECONDS: "0" }).listCacheSeconds).toBe(0);
  });

  it("reads a signing secret per automation, each unset by default (WEBHOOK_SECRET signs those)", () => {
    expect(loadConfig({}).webhookSecrets).toEqual({
      reembolso: undefined,
      bolsa: undefined,
      material: undefined,
      suporte: undefined,
      seo: undefined,
      vaga: undefined,
    });
    const config = loadConfig({
      WEBHOOK_SECRET: "whsec_geral-geral-geral-geral-geral",
      WEBHOOK_BOLSA_SECRET: "whsec_bolsa-bolsa-bolsa-bolsa-bolsa",
      WEBHOOK_VAGA_SECRET: "whsec_vaga-vaga-vaga-vaga-vaga-vaga",
      PLAN_GENERATOR_SECRET: "whsec_plano-plano-plano-plano-plano",
    });
    expect(config.webhookSecret).toBe("whsec_geral-geral-geral-geral-geral");
    expect(config.webhookSecrets).toMatchObject({
      bolsa: "whsec_bolsa-bolsa-bolsa-bolsa-bolsa",
      vaga: "whsec_vaga-vaga-vaga-vaga-vaga-vaga",
      reembolso: undefined,
    });
    expect(config.planGenerator.secret).toBe("whsec_plano-plano-plano-plano-plano");
  });

  it("reads the plan generator and Bitrix24, whose responsible defaults to the webhook's user", () => {
    expect(loadConfig({}).planGenerator).toEqual({ url: undefined, timeoutSeconds: 300, secret: undefined });
    expect(loadConfig({}).bitrix24).toBeNull();
    const config = loadConfig({
      PLAN_GENERATOR_URL: "https://automacao.exemplo.com/plano",
      PLAN_GENERATOR_TIMEOUT: "2m",
      BITRIX24_WEBHOOK_URL: "https://agencia.bitrix24.com.br/rest/12/abc123",
    });
    expect(config.planGenerator).toEqual({
      url: "https://automacao.exemplo.com/plano",
      timeoutSeconds: 120,
      secret: undefined,
    });
    expect(config.bitrix24).toEqual({
      webhookUrl: "https://agencia.bitrix24.com.br/rest/12/abc123/",
      responsibleId: "12",
      timeoutSeconds: 15,
    });
    expect(
      loadConfig({
        BITRIX24_WEBHOOK_URL: "https://agencia.bitrix24.com.br/rest/12/abc123/",
        BITRIX24_RESPONSIBLE_ID: "40",
      }).bitrix24?.responsibleId,
    ).toBe("40");
  });

  it("reads the plan LLM: its base URL (a pasted /chat/completions dropped), model and key", () => {
    expect(loadConfig({}).planLlm).toBeNull();
    expect(
      loadConfig({
        PLAN_LLM_URL: "https://api.openai.com/v1/chat/completions",
        PLAN_LLM_MODEL: "gpt-4o-mini",
        PLAN_LLM_API_KEY: "sk-teste",
      }).planLlm,
    ).toEqual({ baseUrl: "https://api.openai.com/v1", model: "gpt-4o-mini", apiKey: "sk-teste" });
    // A local server (Ollama, vLLM) takes no key.
    expect(
      loadConfig({ PLAN_LLM_URL: "http://ollama:11434/v1/", PLAN_LLM_MODEL: "llama3.1" }).planLlm,
    ).toEqual({ baseUrl: "http://ollama:11434/v1", model: "llama3.1", apiKey: undefined });
  });

  it("trusts no proxy by default, one for true, a hop count, or the proxies' addresses", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: "10.0.0.5, 172.16.0.0/12,loopback, fd00::/8" }).trustProxy).toEqual({
      addresses: ["10.0.0.5", "172.16.0.0/12", "loopback", "fd00::/8"],
    });
  });

  it.each(["talvez", "10.0.0.300", "10.0.0.0/33", "proxy.interno", "10.0.0.1,", "50"])(
    "refuses TRUST_PROXY=%s in one line",
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        `Invalid configuration: TRUST_PROXY must be false, true (one proxy), a number of proxies (up to 20) or comma-separated proxy addresses or CIDRs (got "${value}")`,
      );
    },
  );

  it.each([
    [{ PORT: "abc" }, /^Invalid configuration: PORT must be a port number \(got "abc"\)$/],
    [{ PORT: "70000" }, /^Invalid configuration: PORT must be between 0 and 65535/],
    [
      { DATABASE_URL: "mysql://x" },
      /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL$/,
    ],
    [{ REQUIRE_EMAIL_VERIFICATION: "talvez" }, /REQUIRE_EMAIL_VERIFICATION must be true or false/],
    [
      { VAGAS_MANAGERS: "ana,bia@x.com" },
      /VAGAS_MANAGERS must be a comma-separated list of e-mail addresses/,
    ],
    [{ AUTH_SECRET: "curto" }, /^Invalid configuration: AUTH_SECRET must be at least 32 characters$/],
    [{ PUBLIC_URL: "ftp://x" }, /PUBLIC_URL must be an http/],
    [
      { WEBHOOK_SEO_SECRET: "curto-demais" },
      /^Invalid configuration: WEBHOOK_SEO_SECRET must be at least 24 characters \(whsec_… recommended\)$/,
    ],
    [
      { PLAN_GENERATOR_SECRET: "curto-demais" },
      /^Invalid configuration: PLAN_GENERATOR_SECRET must be at least 24 characters \(whsec_… recommended\)$/,
    ],
    [{ WEBHOOK_REEMBOLSO_URL: "nao-e-url" }, /^Invalid configuration: WEBHOOK_REEMBOLSO_URL must be an http/],
    [
      { ATTACHMENT_LINK_TTL: "uma semana" },
      /ATTACHMENT_LINK_TTL must be a duration such as 3600, 90m, 12h or 7d/,
    ],
    [{ S3_BUCKET: "anexos" }, /S3_BUCKET is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required/],
    [{ PLAN_GENERATOR_TIMEOUT: "logo" }, /PLAN_GENERATOR_TIMEOUT must be a duration such as 30, 90s or 2m/],
    [{ PLAN_GENERATOR_TIMEOUT: "0" }, /PLAN_GENERATOR_TIMEOUT must be at least one second/],
    [{ BITRIX24_WEBHOOK_URL: "https://bitrix.exemplo.com/hook" }, /BITRIX24_RESPONSIBLE_ID is required/],
    [{ BITRIX24_RESPONSIBLE_ID: "ana" }, /BITRIX24_RESPONSIBLE_ID must be a Bitrix24 user id/],
    [{ SESSION_CACHE_SECONDS: "3600" }, /SESSION_CACHE_SECONDS must be between 0 and 300/],
    [{ LIST_CACHE_SECONDS: "-1" }, /LIST_CACHE_SECONDS must be between 0 and 300/],
    [{ SESSION_CACHE_SECONDS: "meio" }, /SESSION_CACHE_SECONDS must be a whole number of seconds/],
    [
      { PLAN_LLM_URL: "ollama:11434" },
      /^Invalid configuration: PLAN_LLM_URL must be an http:\/\/ or https:\/\/ URL$/,
    ],
    [{ PLAN_LLM_URL: "http://ollama:11434/v1" }, /PLAN_LLM_URL is set, so PLAN_LLM_MODEL is required/],
    [
      { PLAN_LLM_MODEL: "llama3.1" },
      /^Invalid configuration: PLAN_LLM_MODEL is set, so PLAN_LLM_URL is required$/,
    ],
    [
      { PLAN_LLM_API_KEY: "sk-teste" },
      /^Invalid configuration: PLAN_LLM_API_KEY is set, so PLAN_LLM_URL is required$/,
    ],
    [
      { PLAN_LLM_URL: "https://openrouter.ai/api/v1", PLAN_LLM_MODEL: "openai/gpt-4o-mini" },
      /^Invalid configuration: PLAN_LLM_API_KEY is required for openrouter.ai$/,
    ],
    [
      {
        PLAN_LLM_URL: "http://ollama:11434/v1",
        PLAN_LLM_MODEL: "llama3.1",
        PLAN_GENERATOR_URL: "https://automacao.exemplo.com/plano",
      },
      /PLAN_LLM_URL and PLAN_GENERATOR_URL are both set; set only the one that should write the plans/,
    ],
  ])("stops with one line naming the variable: %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe("addresses and domains in the configuration (docs/decisions/028)", () => {
  const failure = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error(`loadConfig took ${JSON.stringify(env)}`);
  };

  it("takes each list entry as one mailbox, with the dot-atom characters of the one rule", () => {
    const config = loadConfig({
      ADMIN_EMAILS: "Ana!Fin@Agencia.Digital, o'neil+rh@agencia.com.br",
      VAGAS_MANAGERS: "vagas@xn--agncia-jva.com.br",
    });
    expect(config.adminEmails).toEqual(["ana!fin@agencia.digital", "o'neil+rh@agencia.com.br"]);
    expect(config.jobOpeningManagers).toEqual(["vagas@xn--agncia-jva.com.br"]);
  });

  it.each([
    ["ADMIN_EMAILS", "Ana <ana@agencia.digital>", "Ana <ana@agencia.digital>"],
    ["ADMIN_EMAILS", "ana@agencia.digital bia@agencia.digital", "ana@agencia.digital bia@agencia.digital"],
    ["ADMIN_EMAILS", "ana@agencia.digital;bia@agencia.digital", "ana@agencia.digital;bia@agencia.digital"],
    ["VAGAS_MANAGERS", `${"a".repeat(65)}@agencia.digital`, `${"a".repeat(65)}@agencia.digital`],
    ["PLANNING_MANAGERS", "ana@agencia-.digital", "ana@agencia-.digital"],
    ["PLANNING_MANAGERS", "ana@agência.com.br", "ana@agência.com.br"],
    [
      "ADMIN_EMAILS",
      "ana@agencia.digital\r\nbia@agencia.digital",
      "ana@agencia.digital\r\nbia@agencia.digital",
    ],
  ])("stops at a %s entry that is not one mailbox, in one line naming it: %j", (name, value, entry) => {
    const message = failure({ [name]: value });
    expect(message).toContain(
      `Invalid configuration: ${name} must be a comma-separated list of e-mail addresses such as ana@agencia.digital; ${JSON.stringify(entry)} is not one`,
    );
    expect(message).not.toMatch(/[\r\n]/);
  });

  it("takes the allowed domains as letter-digit-hyphen labels; an internationalised one in its xn-- form, which the message gives", () => {
    expect(loadConfig({ ALLOWED_EMAIL_DOMAINS: "xn--agncia-jva.com.br" }).allowedEmailDomains).toEqual([
      "xn--agncia-jva.com.br",
    ]);
    expect(failure({ ALLOWED_EMAIL_DOMAINS: "agência.com.br" })).toMatch(
      /^Invalid configuration: ALLOWED_EMAIL_DOMAINS must be domains such as agencia\.com\.br; "agência\.com\.br" is not one \(write it as xn--agncia-jva\.com\.br\)/,
    );
    for (const domain of [
      "-agencia.digital",
      "agencia-.digital",
      `${"d".repeat(64)}.digital`,
      "agencia.digital.",
    ]) {
      expect(failure({ ALLOWED_EMAIL_DOMAINS: domain }), domain).toMatch(
        /^Invalid configuration: ALLOWED_EMAIL_DOMAINS must be domains such as agencia\.com\.br/,
      );
    }
  });

  it("takes MAIL_FROM as one mailbox, with or without a name", () => {
    expect(loadConfig({}).mailFrom).toEqual({ name: "Balcão", address: "nao-responda@agencia.digital" });
    expect(loadConfig({ MAIL_FROM: '"Balcão RH" <RH@Agencia.Digital>' }).mailFrom).toEqual({
      name: "Balcão RH",
      address: "rh@agencia.digital",
    });
    expect(loadConfig({ MAIL_FROM: "nao-responda@agencia.digital" }).mailFrom).toEqual({
      name: null,
      address: "nao-responda@agencia.digital",
    });
    for (const value of [
      "Balcão <nao-responda@agencia.digital>, eve@gmail.com",
      "Balcão <nao-responda@agencia.digital>\r\nBcc: eve@gmail.com",
      "Balcão <eve@gmail.com> <nao-responda@agencia.digital>",
      "Balcão",
    ]) {
      const message = failure({ MAIL_FROM: value });
      expect(message, value).toMatch(
        /^Invalid configuration: MAIL_FROM must be one address, alone or after a name: Balcão <nao-responda@agencia\.digital>/,
      );
      expect(message).not.toMatch(/[\r\n]/);
    }
  });
});
