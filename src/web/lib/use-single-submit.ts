import type * as React from "react";
import { useCallback, useRef } from "react";

/**
 * Lets one submission run at a time: a second submit (a double click, Enter
 * pressed twice) before the first has finished is ignored, even before React
 * has re-rendered the disabled button.
 */
export function useSingleSubmit(submit: (event: React.FormEvent<HTMLFormElement>) => Promise<void>) {
  const running = useRef(false);
  return useCallback(
    (event: React.FormEvent<HTMLFormElement>) => {
      if (running.current) {
        event.preventDefault();
        return;
      }
      running.current = true;
      void submit(event).finally(() => {
        running.current = false;
      });
    },
    [submit],
  );
}
