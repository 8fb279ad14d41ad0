import { expect, it } from "vitest";
import type { DoctorReport } from "@/domain/doctor/api";
import { person } from "../testing/people";
import { describeWithApp } from "../testing/test-app";

/*
 * 'Diagnóstico' (docs/decisions/042): an administrator runs the doctor's checks from the server,
 * on its own database, store and SMTP server (the test's sink); nobody else may.
 */

const env = { REQUIRE_EMAIL_VERIFICATION: "false", ADMIN_EMAILS: "admin@agencia.digital" };

describeWithApp("'Diagnóstico' for administrators", { env }, (ctx) => {
  it("runs every check for an administrator, 403 for anyone else, 401 signed out", async () => {
    const admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const run = (cookie?: string) =>
      ctx().app.inject({
        method: "POST",
        url: "/api/admin/diagnostico",
        ...(cookie ? { headers: { cookie } } : {}),
      });
    expect((await run()).statusCode).toBe(401);
    expect((await run(ana.cookie)).statusCode).toBe(403);

    const response = await run(admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as DoctorReport;
    const byName = new Map(report.verificacoes.map((c) => [c.name, c]));
    expect([...byName.keys()]).toEqual([
      "Configuration",
      "Database",
      "Clock",
      "Files",
      "E-mail",
      "Public address",
      "Proxy",
      "Disk",
      "Backups",
    ]);
    expect(byName.get("Database")).toMatchObject({
      ok: true,
      detail: expect.stringMatching(/migrations applied/),
    });
    expect(byName.get("Clock")?.ok).toBe(true);
    expect(byName.get("Files")).toMatchObject({
      ok: true,
      detail: "DATA_DIR/uploads: wrote, read back and removed a file",
    });
    expect(byName.get("E-mail")).toMatchObject({ ok: true, detail: "signed in to the SMTP server" });
    // The test's PUBLIC_URL is no server: the check says so, with its fix.
    const published = byName.get("Public address")!;
    expect(published.ok).toBe(false);
    expect(published.fix).toMatch(/PUBLIC_URL/);
    // Nothing in the answer leaks the secrets the checks use.
    expect(response.body).not.toMatch(/whsec_|AUTH_SECRET=|password/i);
  });
});
