/*
 * A valid request of each kind, declared in its folder (`<kind>/sample.ts`) and read by everything
 * that needs "a request of every kind": the seeds (src/server/testing/seed.ts), the benches
 * (bench/painel.ts, bench/scale-seed.ts), the API fuzzer's seed and the tests. A new kind brings its
 * own, so none of them names the kinds (docs/decisions/010).
 */

/** Who the sample is for, and which one: `n` varies the choices and texts. */
export type SampleContext = {
  readonly n: number;
  readonly name: string;
  readonly email: string;
  /** São Paulo's today, 'yyyy-mm-dd': the day the body is sent. */
  readonly today: string;
  /** A word to put in the kind's free text, so a search finds this request (the fuzzer's markers). */
  readonly mark: string;
};

export type KindSample = {
  /**
   * A body the kind's create route accepts on `today`, as its form sends it (amounts as the mask
   * shows them; every value a string for a multipart kind). The fields the session fills are left out.
   */
  readonly body: (context: SampleContext) => Record<string, unknown>;
  /** Request `n`'s stored record, by record field (amounts in reais, numeric text), as seeds write it without the API. */
  readonly record: (
    context: Omit<SampleContext, "today" | "mark"> & { createdAt: Date },
  ) => Record<string, unknown>;
  /** Where a decided request ends in its workflow: the benches settle most requests there. */
  readonly ends: { readonly decided: string; readonly settled: string | null; readonly refused: string };
};

/** Keeps the shape checked. */
export function defineKindSample(sample: KindSample): KindSample {
  return sample;
}

/** The `n`-th of a list, round and round: samples take the form's options in turn. */
export const nth = <T>(items: readonly T[], n: number): T => items[n % items.length]!;
