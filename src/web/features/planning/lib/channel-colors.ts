import { PLAN_CHANNELS, type PlanChannel } from "@/domain/planning/options";

/**
 * One colour per channel, the same in the grid, the agenda and the legend. A
 * post's chip is the channel's pale tint with its darkest shade as text (at
 * least 7:1 on the tint) and a stripe and dot of the full colour, so the
 * channel is never told by colour alone: its name is in the legend and in
 * every chip's accessible name. Tailwind only sees whole class names, hence
 * the literal strings.
 */
export type ChannelColor = { chip: string; dot: string };

const KNOWN: Record<PlanChannel, ChannelColor> = {
  Instagram: { chip: "border-l-fuchsia-500 bg-fuchsia-50 text-fuchsia-950", dot: "bg-fuchsia-500" },
  Facebook: { chip: "border-l-blue-600 bg-blue-50 text-blue-950", dot: "bg-blue-600" },
  LinkedIn: { chip: "border-l-sky-500 bg-sky-50 text-sky-950", dot: "bg-sky-500" },
  TikTok: { chip: "border-l-teal-500 bg-teal-50 text-teal-950", dot: "bg-teal-500" },
  YouTube: { chip: "border-l-red-600 bg-red-50 text-red-950", dot: "bg-red-600" },
  "Blog/Site": { chip: "border-l-amber-500 bg-amber-50 text-amber-950", dot: "bg-amber-500" },
  "Email Marketing": { chip: "border-l-orange-500 bg-orange-50 text-orange-950", dot: "bg-orange-500" },
  "WhatsApp Business": { chip: "border-l-green-600 bg-green-50 text-green-950", dot: "bg-green-600" },
  "Twitter/X": { chip: "border-l-zinc-700 bg-zinc-100 text-zinc-950", dot: "bg-zinc-700" },
  Pinterest: { chip: "border-l-rose-500 bg-rose-50 text-rose-950", dot: "bg-rose-500" },
};

/** For channels an automation or a person typed: chosen by the name, so a channel keeps its colour. */
const OTHERS: ChannelColor[] = [
  { chip: "border-l-indigo-500 bg-indigo-50 text-indigo-950", dot: "bg-indigo-500" },
  { chip: "border-l-lime-600 bg-lime-50 text-lime-950", dot: "bg-lime-600" },
  { chip: "border-l-cyan-600 bg-cyan-50 text-cyan-950", dot: "bg-cyan-600" },
  { chip: "border-l-purple-500 bg-purple-50 text-purple-950", dot: "bg-purple-500" },
  { chip: "border-l-yellow-500 bg-yellow-50 text-yellow-950", dot: "bg-yellow-500" },
  { chip: "border-l-stone-500 bg-stone-100 text-stone-950", dot: "bg-stone-500" },
];

const normalise = (channel: string) => channel.trim().toLocaleLowerCase("pt-BR");
const byName = new Map(PLAN_CHANNELS.map((channel) => [normalise(channel), KNOWN[channel]]));

export function channelColor(channel: string): ChannelColor {
  const known = byName.get(normalise(channel));
  if (known) return known;
  let hash = 0;
  for (const char of normalise(channel)) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return OTHERS[hash % OTHERS.length]!;
}

/** The channels of a plan in a stable order (the spec's list first, then the others by name), for the legend. */
export function channelsOf(posts: Iterable<{ canal: string }>): string[] {
  const seen = new Map<string, string>();
  for (const { canal } of posts) if (!seen.has(normalise(canal))) seen.set(normalise(canal), canal.trim());
  const order = (channel: string) => {
    const index = PLAN_CHANNELS.findIndex((known) => normalise(known) === normalise(channel));
    return index === -1 ? PLAN_CHANNELS.length : index;
  };
  return [...seen.values()].sort((a, b) => order(a) - order(b) || a.localeCompare(b, "pt-BR"));
}
