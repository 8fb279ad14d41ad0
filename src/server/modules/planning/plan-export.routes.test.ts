import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { PDFParse } from "pdf-parse";
import { expect, it } from "vitest";
import type { PlanDetail } from "@/domain/planning/plan";
import { POST_COLUMNS } from "@/domain/planning/plan-export";
import { signedInUser } from "../../testing/auth-helpers";
import { describeWithApp } from "../../testing/test-app";
import { insertClient, planRequest } from "./testing/plan-fixtures";

const ANOTHER_ID = "00000000-0000-4000-8000-000000000000";
const MANAGER = "planejamento@agencia.digital";
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

async function readSheet(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.getWorksheet("Posts")!;
}

describeWithApp(
  "content plan export (decision 019)",
  {
    env: {
      REQUIRE_EMAIL_VERIFICATION: "false",
      PLANNING_MANAGERS: `${MANAGER},planejamento2@agencia.digital`,
    },
  },
  (ctx) => {
    const call = (method: "GET" | "POST" | "PUT", url: string, cookie?: string, payload?: object) =>
      ctx().app.inject({
        method,
        url,
        ...(cookie ? { headers: { cookie } } : {}),
        ...(payload ? { payload } : {}),
      });

    /** A generated plan whose first post has an accented title and no suggested day (as older plans). */
    async function editedPlan(cookie: string) {
      const client = await insertClient(ctx(), "Confeitaria São João");
      const created = await call("POST", "/api/planejamentos", cookie, planRequest(client.id));
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().planejamento_id as string;
      const plan = (await call("GET", `/api/planejamentos/${id}`, cookie)).json() as PlanDetail;
      const content = structuredClone(plan.content!);
      const week = content.calendario_editorial.semanas[1]!;
      week.posts[0]!.titulo = "Promoção de Natal: pão de mel com açúcar";
      week.posts[0]!.data_sugerida = null;
      const saved = await call("PUT", `/api/planejamentos/${id}`, cookie, { version: 1, content });
      expect(saved.statusCode, saved.body).toBe(200);
      return saved.json() as PlanDetail;
    }

    it("refuses outsiders: 401 signed out, 403 outside PLANNING_MANAGERS, 404 for another manager's plan", async () => {
      const owner = await signedInUser(ctx(), MANAGER);
      const plan = await editedPlan(owner.cookie);
      const outsider = await signedInUser(ctx(), "fulano@agencia.digital");
      const otherManager = await signedInUser(ctx(), "planejamento2@agencia.digital");
      for (const format of ["pdf", "xlsx"]) {
        const url = `/api/planejamentos/${plan.id}/exportar.${format}`;
        expect((await call("GET", url)).statusCode, url).toBe(401);
        expect((await call("GET", url, outsider.cookie)).statusCode, url).toBe(403);
        const foreign = await call("GET", url, otherManager.cookie);
        expect(foreign.statusCode, url).toBe(404);
        expect(foreign.headers["content-disposition"]).toBeUndefined();
        const unknown = `/api/planejamentos/${ANOTHER_ID}/exportar.${format}`;
        expect((await call("GET", unknown, owner.cookie)).statusCode).toBe(404);
        expect(
          (await call("GET", `/api/planejamentos/nao-e-id/exportar.${format}`, owner.cookie)).statusCode,
        ).toBe(404);
      }
    });

    it("gives the PDF for the client: cover, insights, pillars, the month's grid and every post, accents intact", async () => {
      const owner = await signedInUser(ctx(), MANAGER);
      const plan = await editedPlan(owner.cookie);
      const response = await call("GET", `/api/planejamentos/${plan.id}/exportar.pdf`, owner.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("application/pdf");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["cache-control"]).toBe("private, no-store");
      const name = `Planejamento Confeitaria São João ${plan.ano_referencia}-11.pdf`;
      expect(response.headers["content-disposition"]).toBe(
        `attachment; filename="Planejamento Confeitaria Sao Joao ${plan.ano_referencia}-11.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
      const bytes = response.rawPayload;
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

      const text = await pdfText(bytes);
      expect(text).toContain("Confeitaria São João");
      expect(text).toContain(`Novembro de ${plan.ano_referencia}`);
      expect(text).toContain("Situação: Editado");
      expect(text).toContain("Insights gerais");
      expect(text).toContain(plan.content!.insights_gerais[0]!.slice(0, 30));
      expect(text).toContain("Pilares de conteúdo e growth loops");
      expect(text).toContain(`Calendário de Novembro de ${plan.ano_referencia}`);
      expect(text).toContain("Dom Seg Ter Qua Qui Sex Sáb");
      expect(text).toContain("Posts do mês");
      // The edited title, with its accents, in the grid and in the post's own block.
      const flat = text.replace(/\s+/g, " ");
      expect(flat.split("Promoção de Natal").length - 1).toBeGreaterThanOrEqual(2);
      expect(flat).toContain("1. ");
      expect(flat).toContain("Posts sem data sugerida aparecem no primeiro dia da sua semana.");
      // Every post's title is in it.
      for (const post of plan.content!.calendario_editorial.semanas.flatMap((w) => w.posts)) {
        expect(flat).toContain(post.titulo.slice(0, 20));
      }
    });

    it("gives the posts' XLSX: one row per post, every field, week and day, header frozen", async () => {
      const owner = await signedInUser(ctx(), MANAGER);
      const plan = await editedPlan(owner.cookie);
      const response = await call("GET", `/api/planejamentos/${plan.id}/exportar.xlsx`, owner.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe(XLSX_TYPE);
      expect(response.headers["content-disposition"]).toContain(
        `filename*=UTF-8''${encodeURIComponent(`Planejamento Confeitaria São João ${plan.ano_referencia}-11.xlsx`)}`,
      );
      const sheet = await readSheet(response.rawPayload);
      expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
      const headers = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(headers).toEqual(POST_COLUMNS.map((c) => c.header));
      expect(sheet.getColumn(8).width).toBe(40);

      const weeks = plan.content!.calendario_editorial.semanas;
      const posts = weeks.flatMap((w) => w.posts);
      expect(sheet.rowCount).toBe(posts.length + 1);
      const column = (header: string) => POST_COLUMNS.findIndex((c) => c.header === header) + 1;
      const rows = Array.from({ length: posts.length }, (_, i) => sheet.getRow(i + 2));
      const cell = (row: ExcelJS.Row, header: string) => row.getCell(column(header)).value;

      // Every field of every post, in the plan's order.
      rows.forEach((row, i) => {
        const post = posts[i]!;
        expect(cell(row, "Canal")).toBe(post.canal);
        expect(cell(row, "Título/Headline")).toBe(post.titulo);
        expect(cell(row, "Descrição")).toBe(post.descricao_completa);
        expect(cell(row, "Produção")).toBe(post.observacoes_producao);
        expect(cell(row, "KPI")).toBe(post.kpi);
        expect(cell(row, "Gancho/Data")).toBe(post.gancho);
      });

      // A post with its suggested day: a date cell of that day.
      const dated = posts.findIndex((p) => p.data_sugerida);
      const datedRow = rows[dated]!;
      expect(cell(datedRow, "Data")).toEqual(new Date(`${posts[dated]!.data_sugerida}T00:00:00.000Z`));
      expect(datedRow.getCell(column("Data")).numFmt).toBe("dd/mm/yyyy");
      expect(cell(datedRow, "Data sugerida pelo plano")).toBe("Sim");

      // The edited post has none: its week's first day stands in, and the sheet says so.
      const edited = rows.find(
        (row) => cell(row, "Título/Headline") === "Promoção de Natal: pão de mel com açúcar",
      )!;
      expect(cell(edited, "Semana")).toBe(2);
      expect(cell(edited, "Período da semana")).toBe(weeks[1]!.semana);
      expect(cell(edited, "Data")).toEqual(new Date(`${weeks[1]!.data_inicio}T00:00:00.000Z`));
      expect(cell(edited, "Dia da semana")).toBe("domingo");
      expect(cell(edited, "Data sugerida pelo plano")).toBe("Não (início da semana)");
    });

    it("has nothing to export while the plan is generated or after its generation failed (409)", async () => {
      const owner = await signedInUser(ctx(), MANAGER);
      const plan = await editedPlan(owner.cookie);
      for (const status of ["gerando", "falhou"]) {
        await ctx().database.db.execute(
          sql`update planejamentos_conteudo set status = ${status}, geracao_iniciada_em = now() where id = ${plan.id}`,
        );
        for (const format of ["pdf", "xlsx"]) {
          const response = await call(
            "GET",
            `/api/planejamentos/${plan.id}/exportar.${format}`,
            owner.cookie,
          );
          expect(response.statusCode, `${status} ${format}`).toBe(409);
          expect(response.json()).toMatchObject({
            code: "PLAN_NOT_READY",
            message: "Erro",
            description: "O planejamento ainda não foi gerado: não há o que exportar.",
          });
        }
      }
    });
  },
);
