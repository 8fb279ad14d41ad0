import { useCallback, useRef } from "react";

/**
 * One Idempotency-Key per submission: `take` gives the key of the submission in
 * progress (a double click or a retry of the same values sends the same key, so
 * the server saves the request once); `renew` starts a new submission, after a
 * success or once the values change.
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  const take = useCallback(() => {
    key.current ??= crypto.randomUUID();
    return key.current;
  }, []);
  const renew = useCallback(() => {
    key.current = null;
  }, []);
  return { take, renew };
}
