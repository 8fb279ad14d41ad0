import { QueryClientProvider } from "@tanstack/react-query";
import type * as React from "react";
import { LazyToaster } from "@/web/components/ui/lazy-toaster";
import { queryClient } from "@/web/lib/query-client";

/**
 * App-wide providers. The Radix TooltipProvider lives in the signed-in layout
 * (features/shell app-layout.tsx), the only place with tooltips: here it would
 * pull the tooltip's positioning engine (floating-ui, ~20 KB gzip) into the
 * JavaScript every page downloads, /login included.
 */
export function AppProvider({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
