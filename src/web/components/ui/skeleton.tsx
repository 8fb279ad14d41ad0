import type * as React from "react";
import { cn } from "@/web/lib/cn";

function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      className={cn("animate-pulse rounded-md bg-foreground/8", className)}
      {...props}
    />
  );
}

export { Skeleton };
