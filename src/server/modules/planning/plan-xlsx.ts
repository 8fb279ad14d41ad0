import ExcelJS from "exceljs";
import { datedPosts, type ExportablePlan, POST_COLUMNS, planMonthLabel } from "@/domain/planning/plan-export";

/*
 * The posts of a plan as a spreadsheet (decision 019): one row per post,
 * every field under the viewer's labels, after the week and the day (a date
 * cell, so the planner can sort and filter by it). A plan has at most a few
 * hundred posts, so exceljs's in-memory workbook is enough; the header row is
 * frozen and filtered, and long texts wrap inside their column's width.
 */

/** A calendar day as a date cell: midnight UTC, which Excel reads as that day whatever the zone. */
const dayCell = (day: string) => new Date(`${day}T00:00:00.000Z`);

export async function planXlsx(plan: ExportablePlan): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Balcão";
  workbook.title = `Posts – ${plan.cliente?.name ?? ""} – ${planMonthLabel(plan)}`;
  const sheet = workbook.addWorksheet("Posts", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = POST_COLUMNS.map((column) => ({
    header: column.header,
    width: column.width,
    style: {
      alignment: { vertical: "top", wrapText: column.type === "text" },
      ...(column.type === "date" ? { numFmt: "dd/mm/yyyy" } : {}),
    },
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: "middle", wrapText: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: POST_COLUMNS.length } };
  for (const item of datedPosts(plan)) {
    sheet.addRow(
      POST_COLUMNS.map((column) => {
        const value = column.value(item);
        return column.type === "date" ? dayCell(String(value)) : value;
      }),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
