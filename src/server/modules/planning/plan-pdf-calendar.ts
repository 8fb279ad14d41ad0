import {
  type DatedPost,
  type ExportablePlan,
  monthGrid,
  planMonthLabel,
  WEEKDAY_HEADERS,
} from "@/domain/planning/plan-export";
import { channelColor, type Doc, INK, LINE, MUTED } from "./plan-pdf-style";

const CELL_PAD = 4;
const CELL_FONT = 7;
const DAY_LABEL = 14;
const MIN_ROW = 64;
/** The line that counts the posts a full cell leaves out. */
const MORE_LINE = 12;

/** Where the grid sits on a landscape page. */
type Grid = { left: number; column: number; textWidth: number; bottom: number };
/** What a day's cell shows: the posts that fit, how many more there are, and its height. */
type CellLayout = {
  lines: { item: DatedPost; text: string; height: number }[];
  more: number;
  height: number;
};

/** A post's line in a day's cell: its channel, then its title. */
const cellLine = (item: DatedPost) =>
  `${item.post.canal}: ${item.post.titulo}${item.post.ab_test ? " (A/B)" : ""}`;

/** The month as the client reads a wall calendar: landscape, Sunday first, each post on its day. */
export function calendar(doc: Doc, plan: ExportablePlan, posts: DatedPost[]) {
  doc.addPage({ size: "A4", layout: "landscape", margin: 36 });
  const left = 36;
  const column = (doc.page.width - 2 * left) / 7;
  const grid: Grid = {
    left,
    column,
    textWidth: column - 2 * CELL_PAD - 4,
    bottom: doc.page.height - 36 - 14,
  };

  const byDay = new Map<string, DatedPost[]>();
  for (const item of posts) byDay.set(item.day, [...(byDay.get(item.day) ?? []), item]);

  doc.font("regular").fontSize(CELL_FONT);
  let y = calendarTitle(doc, plan, grid);
  // A day's posts fit in a page-high cell; the rest are counted (all are in 'Posts do mês').
  const tallest = grid.bottom - y;
  const layoutCell = (day: string | null) =>
    layoutDay(doc, day ? (byDay.get(day) ?? []) : [], grid.textWidth, tallest);
  for (const row of monthGrid(Number(plan.ano_referencia), Number(plan.mes_referencia))) {
    doc.font("regular").fontSize(CELL_FONT);
    const cells = row.map(layoutCell);
    const height = Math.max(MIN_ROW, ...cells.map((cell) => cell.height));
    if (y + height > grid.bottom) {
      doc.addPage({ size: "A4", layout: "landscape", margin: 36 });
      y = calendarTitle(doc, plan, grid);
    }
    row.forEach((day, i) => {
      drawCell(doc, grid, { x: left + i * column, y, height }, day, cells[i]!);
    });
    y += height;
  }
  legend(doc, left, Math.min(y + 8, grid.bottom), [...new Set(posts.map((p) => p.post.canal))]);
  if (posts.some((p) => !p.suggested)) {
    doc
      .font("regular")
      .fontSize(8)
      .fillColor(MUTED)
      .text("Posts sem data sugerida aparecem no primeiro dia da sua semana.", left, doc.y + 4);
  }
}

/** The page's title and the weekdays' header; returns where the first row starts. */
function calendarTitle(doc: Doc, plan: ExportablePlan, grid: Grid) {
  doc
    .font("bold")
    .fontSize(16)
    .fillColor(INK)
    .text(`Calendário de ${planMonthLabel(plan)}`, grid.left, 36);
  doc.moveDown(0.4);
  let y = doc.y;
  doc.font("bold").fontSize(8).fillColor(MUTED);
  WEEKDAY_HEADERS.forEach((name, i) => {
    doc.text(name, grid.left + i * grid.column, y, { width: grid.column, align: "center" });
  });
  y += 14;
  return y;
}

/** The posts of a day that fit in a cell no taller than `tallest`, in the cell's font. */
function layoutDay(doc: Doc, items: DatedPost[], textWidth: number, tallest: number): CellLayout {
  const lines: CellLayout["lines"] = [];
  let height = DAY_LABEL + CELL_PAD * 2;
  for (const [index, item] of items.entries()) {
    const text = cellLine(item);
    const line = doc.heightOfString(text, { width: textWidth }) + 2;
    const last = index === items.length - 1;
    if (height + line + (last ? 0 : MORE_LINE) > tallest) {
      return { lines, more: items.length - index, height: height + MORE_LINE };
    }
    lines.push({ item, text, height: line });
    height += line;
  }
  return { lines, more: 0, height };
}

/** One day's cell: its number, its posts with their channel's colour, and how many did not fit. */
function drawCell(
  doc: Doc,
  grid: Grid,
  box: { x: number; y: number; height: number },
  day: string | null,
  cell: CellLayout,
) {
  const { x, y, height } = box;
  doc
    .rect(x, y, grid.column, height)
    .lineWidth(0.5)
    .strokeColor(LINE)
    .fillAndStroke(day ? "#ffffff" : "#f3f4f6", LINE);
  if (!day) return;
  doc
    .font("bold")
    .fontSize(9)
    .fillColor(INK)
    .text(String(Number(day.slice(8))), x + CELL_PAD, y + CELL_PAD, {
      lineBreak: false,
    });
  let lineY = y + CELL_PAD + DAY_LABEL;
  doc.font("regular").fontSize(CELL_FONT);
  for (const line of cell.lines) {
    doc.rect(x + CELL_PAD, lineY, 2, line.height - 2).fill(channelColor(line.item.post.canal));
    doc.fillColor(INK).text(line.text, x + CELL_PAD + 4, lineY, { width: grid.textWidth });
    lineY += line.height;
  }
  if (cell.more) {
    doc
      .fillColor(MUTED)
      .text(`+ ${cell.more} ${cell.more === 1 ? "post" : "posts"} (ver lista)`, x + CELL_PAD, lineY, {
        width: grid.textWidth + 4,
        lineBreak: false,
      });
  }
}

/** The channels' colours, in one line under the grid. */
function legend(doc: Doc, left: number, y: number, channels: string[]) {
  let x = left;
  doc.font("regular").fontSize(8);
  for (const channel of channels) {
    doc.rect(x, y + 1, 8, 8).fill(channelColor(channel));
    doc.fillColor(INK).text(channel, x + 11, y, { lineBreak: false });
    x += 11 + doc.widthOfString(channel) + 14;
  }
  doc.y = y + 10;
}
