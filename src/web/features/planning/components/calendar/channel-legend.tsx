import { channelColor } from "../../lib/channel-colors";

/** Which colour is which channel; the chips also carry the channel's name. */
export function ChannelLegend({ channels }: { channels: string[] }) {
  if (channels.length === 0) return null;
  return (
    <ul
      aria-label="Legenda dos canais"
      className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-muted-foreground"
    >
      {channels.map((channel) => (
        <li key={channel} className="flex items-center gap-1.5">
          <span
            className={`size-2.5 shrink-0 rounded-full ${channelColor(channel).dot}`}
            aria-hidden="true"
          />
          {channel}
        </li>
      ))}
    </ul>
  );
}
