import type { PlacedPost, PostRef } from "@/domain/planning/month-calendar";
import { cn } from "@/web/lib/cn";
import { longDay } from "../../lib/calendar-dates";
import { channelColor } from "../../lib/channel-colors";
import { PostBadges } from "./post-badges";
import { PostCommentCount } from "./post-comment-count";

function AgendaPost({
  placed,
  planId,
  onOpen,
}: {
  placed: PlacedPost;
  planId?: string;
  onOpen: (ref: PostRef) => void;
}) {
  const { post } = placed;
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(placed)}
        className={cn(
          "flex w-full min-w-0 flex-col gap-1 rounded-lg border border-l-4 border-black/5 px-3 py-2.5 text-left text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
          channelColor(post.canal).chip,
          placed.fallback && "border-dashed border-black/25",
        )}
      >
        <span className="flex min-w-0 flex-wrap items-center gap-1.5 text-xs">
          <span className="font-semibold">{post.canal}</span>
          {post.tipo_post ? <span className="opacity-80">· {post.tipo_post}</span> : null}
          <PostBadges post={post} compact />
          {planId ? <PostCommentCount planId={planId} postId={post.id} /> : null}
        </span>
        <span className="leading-snug font-medium break-words">{post.titulo}</span>
        {placed.fallback ? <span className="text-xs opacity-80">Sem data sugerida</span> : null}
      </button>
    </li>
  );
}

/**
 * The month on a phone: the days that have posts, in order, each with its
 * posts (seven columns do not fit 390 px). A tap opens the post.
 */
export function PlanAgenda({
  byDay,
  planId,
  onOpen,
  className,
}: {
  byDay: Map<string, PlacedPost[]>;
  /** For the client's comments on each post; none in edit mode. */
  planId?: string;
  onOpen: (ref: PostRef) => void;
  className?: string;
}) {
  const days = [...byDay.keys()].sort();
  return (
    <ol aria-label="Agenda" className={cn("flex flex-col gap-5", className)}>
      {days.map((date) => (
        <li key={date} className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">
            <time dateTime={date}>{longDay(date)}</time>
          </h3>
          <ul aria-label={`Posts de ${longDay(date)}`} className="flex flex-col gap-2">
            {byDay.get(date)?.map((placed) => (
              <AgendaPost
                key={`${placed.week}-${placed.index}`}
                placed={placed}
                planId={planId}
                onOpen={onOpen}
              />
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
