import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { todayInSaoPaulo } from "@/domain/dates";
import { planStatusLabel } from "@/domain/planning/plan";
import {
  brazilianDate,
  type DatedPost,
  datedPosts,
  type ExportablePlan,
  POST_COLUMNS,
  planClientName,
  planMonthLabel,
  postWeekday,
} from "@/domain/planning/plan-export";
import { calendar } from "./plan-pdf-calendar";
import { ACCENT, channelColor, type Doc, INK, MARGIN, MUTED } from "./plan-pdf-style";
import { woffToSfnt } from "./woff-font";

/*
 * The plan as a PDF a planner sends to the client (decision 019), drawn
 * with pdfkit: a cover (client, month, status), the insights, the pillars, the
 * month as a Sunday-to-Saturday grid with each post on its day, every post
 * with every field, and the experiments. The 14 standard PDF fonts only know
 * WinAnsi, which lacks the arrows the growth loops use ('Vídeo → visita'), so
 * DejaVu Sans is embedded (subset by pdfkit): Portuguese and those symbols
 * render as typed, and the text stays selectable and searchable.
 */

const require = createRequire(import.meta.url);
const fontFile = (weight: 400 | 700) =>
  require.resolve(`@fontsource/dejavu-sans/files/dejavu-sans-latin-${weight}-normal.woff`);

/** Read and unwrapped once, on the first PDF: every later one shares the bytes. */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function loadFonts() {
  fonts ??= {
    regular: woffToSfnt(readFileSync(fontFile(400))),
    bold: woffToSfnt(readFileSync(fontFile(700))),
  };
  return fonts;
}

/** The plan as PDF bytes. A plan is bounded (6 weeks of at most 60 posts), so it is built in memory. */
export function planPdf(plan: ExportablePlan, today: string = todayInSaoPaulo()): Promise<Buffer> {
  const client = planClientName(plan);
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Planejamento de conteúdo – ${client} – ${planMonthLabel(plan)}`, Creator: "Balcão" },
  });
  const { regular, bold } = loadFonts();
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const posts = datedPosts(plan);
  cover(doc, plan, posts, today);
  insights(doc, plan.content.insights_gerais);
  pillars(doc, plan.content.content_pillars.pillars);
  calendar(doc, plan, posts);
  postDetails(doc, posts);
  experiments(doc, plan.content.experimentos.testes);
  footers(doc, `${client} · ${planMonthLabel(plan)}`);
  doc.end();
  return done;
}

function cover(doc: Doc, plan: ExportablePlan, posts: DatedPost[], today: string) {
  const width = doc.page.width - 2 * MARGIN;
  doc.rect(0, 0, doc.page.width, 14).fill(ACCENT);
  doc.y = 200;
  doc.font("bold").fontSize(12).fillColor(ACCENT).text("PLANEJAMENTO DE CONTEÚDO", MARGIN, doc.y, {
    characterSpacing: 1.5,
  });
  doc.moveDown(0.8);
  doc.font("bold").fontSize(30).fillColor(INK).text(planClientName(plan), { width });
  doc.moveDown(0.3);
  doc.font("regular").fontSize(18).fillColor(INK).text(planMonthLabel(plan), { width });
  doc.moveDown(1.2);
  const channels = [...new Set(posts.map((p) => p.post.canal))];
  const facts: [string, string][] = [
    ["Situação", planStatusLabel(plan.status)],
    ["Posts", String(posts.length)],
    ["Canais", channels.join(", ") || "—"],
    ["Exportado em", brazilianDate(today)],
  ];
  for (const [label, value] of facts) {
    doc.font("bold").fontSize(11).fillColor(MUTED).text(`${label}: `, { continued: true });
    doc.font("regular").fillColor(INK).text(value, { width });
    doc.moveDown(0.3);
  }
}

function sectionTitle(doc: Doc, title: string) {
  doc.font("bold").fontSize(16).fillColor(INK).text(title, MARGIN, doc.y);
  const y = doc.y + 4;
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(1)
    .strokeColor(ACCENT)
    .stroke();
  doc.y = y + 10;
}

/** Starts a new page when fewer than `height` points are left on this one. */
function keepSpace(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function insights(doc: Doc, items: readonly string[]) {
  doc.addPage();
  sectionTitle(doc, "Insights gerais");
  if (!items.length) return emptyNote(doc, "Nenhum insight neste planejamento.");
  doc.font("regular").fontSize(11).fillColor(INK);
  for (const item of items) {
    keepSpace(doc, 30);
    // A hanging bullet: the text's later lines align with its first word.
    doc.circle(MARGIN + 3, doc.y + 7, 2).fill(ACCENT);
    doc.fillColor(INK).text(item, MARGIN + 14, doc.y, { width: doc.page.width - 2 * MARGIN - 14 });
    doc.moveDown(0.5);
  }
  doc.moveDown(1);
}

/** A titled list of items (pillars, experiments), each its name and its labelled fields. */
function namedItems(
  doc: Doc,
  title: string,
  empty: string,
  items: { name: string; fields: [string, string][] }[],
) {
  keepSpace(doc, 120);
  sectionTitle(doc, title);
  if (!items.length) return emptyNote(doc, empty);
  for (const item of items) {
    keepSpace(doc, 70);
    doc.font("bold").fontSize(12).fillColor(INK).text(item.name, MARGIN, doc.y);
    for (const [label, value] of item.fields) field(doc, label, value);
    doc.moveDown(0.6);
  }
}

function pillars(doc: Doc, items: ExportablePlan["content"]["content_pillars"]["pillars"]) {
  namedItems(
    doc,
    "Pilares de conteúdo e growth loops",
    "Nenhum pilar neste planejamento.",
    items.map((pillar) => ({
      name: pillar.pilar,
      fields: [
        ["Loop resumido", pillar.loop_resumido],
        ["Objetivo", pillar.objetivo],
        ["CAC ↓", pillar.cac_reducao ? "Sim" : "Não"],
      ],
    })),
  );
}

function emptyNote(doc: Doc, text: string) {
  doc.font("regular").fontSize(11).fillColor(MUTED).text(text, MARGIN, doc.y);
  doc.moveDown(1);
}

function field(doc: Doc, label: string, value: string, width = doc.page.width - 2 * MARGIN) {
  doc
    .font("bold")
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(`${label}: `, MARGIN, doc.y, { continued: true, width });
  doc
    .font("regular")
    .fillColor(INK)
    .text(value.trim() || "—", { width });
  doc.moveDown(0.15);
}

function postDetails(doc: Doc, posts: DatedPost[]) {
  doc.addPage({ size: "A4", layout: "portrait", margin: MARGIN });
  sectionTitle(doc, "Posts do mês");
  if (!posts.length) return emptyNote(doc, "Nenhum post neste planejamento.");
  const width = doc.page.width - 2 * MARGIN;
  // The week, the day, the channel and the type head the post; the title is its heading.
  const shown = new Set([
    "Semana",
    "Período da semana",
    "Data",
    "Dia da semana",
    "Data sugerida pelo plano",
    "Canal",
    "Tipo de Post",
    "Título/Headline",
  ]);
  const fields = POST_COLUMNS.filter((c) => !shown.has(c.header));
  posts.forEach((item, index) => {
    const day = `${brazilianDate(item.day)} (${postWeekday(item)}${item.suggested ? "" : ", início da semana"})`;
    const heading = `${item.week} · ${day} · ${item.post.canal}${
      item.post.tipo_post ? ` · ${item.post.tipo_post}` : ""
    }`;
    doc.font("regular").fontSize(9.5);
    const estimate =
      40 +
      fields.reduce(
        (h, c) => h + doc.heightOfString(`${c.header}: ${String(c.value(item)) || "—"}`, { width }) + 2,
        0,
      );
    keepSpace(doc, Math.min(estimate, 300));
    doc.rect(MARGIN, doc.y, 3, 26).fill(channelColor(item.post.canal));
    doc
      .font("regular")
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(heading, MARGIN + 8, doc.y, { width: width - 8 });
    doc
      .font("bold")
      .fontSize(12)
      .fillColor(INK)
      .text(`${index + 1}. ${item.post.titulo}`, { width: width - 8 });
    doc.moveDown(0.3);
    for (const column of fields) field(doc, column.header, String(column.value(item)), width);
    doc.moveDown(0.8);
  });
}

function experiments(doc: Doc, items: ExportablePlan["content"]["experimentos"]["testes"]) {
  doc.moveDown(0.5);
  namedItems(
    doc,
    "Experimentos",
    "Nenhum experimento neste planejamento.",
    items.map((test) => ({
      name: test.nome,
      fields: [
        ["Hipótese", test.hipotese],
        ["Métrica", test.metrica],
        ["Período", test.periodo],
      ],
    })),
  );
}

/** 'Cliente · Mês de ano' and 'Página n de N' under every page but the cover. */
function footers(doc: Doc, label: string) {
  const range = doc.bufferedPageRange();
  for (let i = 1; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const { width, height, margins } = doc.page;
    const bottom = margins.bottom;
    // Writing inside the bottom margin would start a new page: lift it for the footer.
    doc.page.margins.bottom = 0;
    doc.font("regular").fontSize(8).fillColor(MUTED);
    doc.text(label, margins.left, height - bottom + 16, { width: width / 2, lineBreak: false });
    doc.text(`Página ${i + 1} de ${range.count}`, width / 2, height - bottom + 16, {
      width: width / 2 - margins.right,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}
