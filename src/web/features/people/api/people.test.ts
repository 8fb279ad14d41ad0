import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { refreshAfterSwitch } from "./people";

/** A fetch the test answers when it chooses: the server's reply before or after the switch. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("'Pessoas' after 'Desativar'", () => {
  it("reads the list again after the switch even while its first answer, read before it, is on its way", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const answers = [deferred<string>(), deferred<string>()];
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ["admin", "pessoas", "fabio"],
      queryFn: ({ signal }) => {
        const answer = answers[calls++]!;
        return new Promise<string>((resolve, reject) => {
          signal.addEventListener("abort", () => reject(signal.reason));
          answer.promise.then(resolve);
        });
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    // The search's first read is in flight, read before the switch committed.
    expect(calls).toBe(1);
    const refreshed = refreshAfterSwitch(client);
    answers[0]!.resolve("Ativa");
    answers[1]?.resolve("Desativada");
    await refreshed;
    expect(calls).toBe(2);
    expect(client.getQueryData(["admin", "pessoas", "fabio"])).toBe("Desativada");
    unsubscribe();
  });
});
