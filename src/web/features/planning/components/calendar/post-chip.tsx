import { useDraggable } from "@dnd-kit/core";
import type * as React from "react";
import type { PlacedPost, PostRef } from "@/domain/planning/month-calendar";
import { cn } from "@/web/lib/cn";
import { channelColor } from "../../lib/channel-colors";
import { PostBadges } from "./post-badges";
import { PostCommentCount } from "./post-comment-count";

/** The drag's id and what a drop needs to know. */
export const postDragId = (ref: PostRef) => `post-${ref.week}-${ref.index}`;
export type PostDragData = { ref: PostRef; title: string; from: string };

/** A post as the grid shows it: channel colour and name, title, badges. Also the drag's floating copy. */
export function PostChipFace({
  placed,
  planId,
  className,
  ...props
}: {
  placed: PlacedPost;
  /** For the client's comments on the post; none in edit mode. */
  planId?: string;
} & React.ComponentProps<"div">) {
  const { post, fallback } = placed;
  return (
    <div
      className={cn(
        "flex w-full min-w-0 flex-col gap-0.5 rounded-md border border-l-[3px] border-black/5 px-1.5 py-1 text-left text-xs shadow-2xs",
        channelColor(post.canal).chip,
        fallback && "border-dashed border-black/25",
        className,
      )}
      {...props}
    >
      <span className="flex min-w-0 flex-wrap items-center gap-1">
        <span className="truncate text-[0.6875rem] font-semibold">{post.canal}</span>
        {post.tipo_post ? (
          <span className="truncate text-[0.6875rem] opacity-80">· {post.tipo_post}</span>
        ) : null}
      </span>
      <span className="line-clamp-2 leading-snug font-medium break-words">{post.titulo}</span>
      {fallback ? <span className="sr-only">(sem data sugerida)</span> : null}
      <span className="mt-0.5 flex flex-wrap gap-1 empty:hidden">
        <PostBadges post={post} compact />
        {planId ? <PostCommentCount planId={planId} postId={post.id} /> : null}
      </span>
    </div>
  );
}

/**
 * A post in its day: a click (or Enter) opens it; a drag (or Space, the arrows
 * and Space again) moves it to another day. A pointer must travel a few
 * pixels before a drag starts, so a click stays a click.
 */
export function PostChip({
  placed,
  planId,
  onOpen,
  disabled,
}: {
  placed: PlacedPost;
  planId?: string;
  onOpen: () => void;
  disabled: boolean;
}) {
  const data: PostDragData = {
    ref: { week: placed.week, index: placed.index },
    title: placed.post.titulo,
    from: placed.date,
  };
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: postDragId(placed),
    data,
    disabled,
  });
  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    listeners?.onKeyDown?.(event);
    // While it is being moved, Enter puts it down (dnd-kit's sensor) and opens nothing.
    if (event.key === "Enter" && !event.defaultPrevented && !isDragging) {
      event.preventDefault();
      onOpen();
    }
  };
  return (
    <PostChipFace
      ref={setNodeRef}
      placed={placed}
      planId={planId}
      {...attributes}
      {...listeners}
      onKeyDown={onKeyDown}
      onClick={onOpen}
      aria-roledescription="post arrastável"
      // Opening still works while moves are off (a save under way).
      aria-disabled={false}
      // The whole title, which the chip cuts after two lines.
      title={
        placed.fallback
          ? `${placed.post.titulo} (sem data sugerida: no primeiro dia da sua semana)`
          : placed.post.titulo
      }
      className={cn(
        "cursor-grab touch-none outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 active:cursor-grabbing",
        isDragging && "opacity-40",
        disabled && "cursor-default",
      )}
    />
  );
}
