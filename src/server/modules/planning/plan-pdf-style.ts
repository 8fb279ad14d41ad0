/** The PDF's inks and margin, shared by its pages (decision 019). */
export const INK = "#1f2937";
export const MUTED = "#6b7280";
export const LINE = "#d1d5db";
export const ACCENT = "#4338ca";
export const MARGIN = 48;

/** One colour per channel, as the viewer's calendar tells them apart; others are grey. */
const CHANNEL_COLORS: Record<string, string> = {
  Instagram: "#c026d3",
  Facebook: "#2563eb",
  LinkedIn: "#0369a1",
  TikTok: "#111827",
  YouTube: "#dc2626",
  "Blog/Site": "#059669",
  "Email Marketing": "#d97706",
  "WhatsApp Business": "#16a34a",
  "Twitter/X": "#374151",
  Pinterest: "#be123c",
};
export const channelColor = (channel: string) => CHANNEL_COLORS[channel] ?? "#64748b";

export type Doc = PDFKit.PDFDocument;
