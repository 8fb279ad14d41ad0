import { describe, expect, it } from "vitest";
import { type BannerFacts, startBanner } from "./start-banner";

const embedded: BannerFacts = {
  publicUrl: "http://localhost:3000",
  host: "0.0.0.0",
  port: 3000,
  dataDir: "/srv/balcao/data",
  databaseUrl: undefined,
  smtpUrl: undefined,
  adminEmails: [],
  allowedEmailDomains: ["agencia.com.br"],
  s3: null,
};

describe("the first start's banner", () => {
  it("says where it answers, what it keeps data in, that e-mails go to the log and the line to set an administrator", () => {
    const banner = startBanner(embedded);
    expect(banner).toContain("Balcão is running at http://localhost:3000 (listening on 0.0.0.0:3000)");
    expect(banner).toContain("embedded PGlite in /srv/balcao/data/pglite");
    expect(banner).toContain("on disk in /srv/balcao/data/uploads");
    expect(banner).toContain('look for "E-mail not sent" lines');
    expect(banner).toContain("Set ADMIN_EMAILS=voce@agencia.com.br");
    expect(banner).toContain("Ctrl+C");
  });

  it("names PostgreSQL, S3 and SMTP by host, never with their passwords", () => {
    const banner = startBanner({
      ...embedded,
      databaseUrl: "postgres://balcao:segredo-do-banco@db.interno:5432/balcao",
      smtpUrl: "smtps://avisos:segredo-do-smtp@smtp.agencia.com.br:465",
      s3: {
        endpoint: "https://chave:segredo@s3.interno:9000",
        bucket: "anexos",
        accessKeyId: "AKIA-EXEMPLO",
        secretAccessKey: "segredo-do-s3",
        region: "us-east-1",
      },
      adminEmails: ["ti@agencia.com.br"],
    });
    expect(banner).toContain("PostgreSQL at db.interno:5432/balcao");
    expect(banner).toContain("SMTP at smtp.agencia.com.br:465");
    expect(banner).toContain('S3 bucket "anexos" at s3.interno:9000');
    expect(banner).toContain("ti@agencia.com.br");
    expect(banner).not.toMatch(/segredo|AKIA/);
  });
});
