import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/web/lib/api-client";
import type { Draft } from "./draft";
import { type DraftStore, failureOutcome, sendWaitingDrafts, singleFlight } from "./draft-queue";

/** The store as a Map, so the rules are tested without IndexedDB. */
function memoryStore(drafts: Draft[] = []): DraftStore & { all: () => Draft[] } {
  const map = new Map(drafts.map((draft) => [`${draft.owner}:${draft.id}`, draft]));
  return {
    all: () => [...map.values()],
    list: async (owner) => [...map.values()].filter((draft) => draft.owner === owner),
    get: async (owner, id) => map.get(`${owner}:${id}`),
    put: async (draft) => void map.set(`${draft.owner}:${draft.id}`, draft),
    remove: async (owner, id) => void map.delete(`${owner}:${id}`),
    clear: async (owner) => {
      for (const [key, draft] of map) if (draft.owner === owner) map.delete(key);
    },
  };
}

const draft = (id: string, over: Partial<Draft> = {}): Draft => ({
  id,
  owner: "ana",
  path: "/api/solicitacoes/reembolso",
  label: "Reembolso",
  formPath: "/reembolso",
  body: { type: "json", data: { id } },
  state: "waiting",
  savedAt: Number(id.replace(/\D/g, "")) || 0,
  ...over,
});

const offline = new ApiRequestError(0, { message: "Não foi possível conectar ao servidor" }, false);
const refused = new ApiRequestError(400, {
  message: "Dados inválidos",
  fields: { valor: "Informe o valor" },
});

describe("failureOutcome: what a failed send means for a draft", () => {
  it("the network, a 5xx, a timeout or a throttle: wait and try again", () => {
    for (const status of [0, 500, 502, 503, 408, 429]) {
      expect(failureOutcome(new ApiRequestError(status, { message: "x" }))).toBe("wait");
    }
    expect(failureOutcome(new TypeError("x"))).toBe("wait");
  });

  it("the session ended or a second factor is owed: stop, keep it for when they are back", () => {
    expect(failureOutcome(new ApiRequestError(401, { message: "x" }))).toBe("stop");
    expect(failureOutcome(new ApiRequestError(403, { message: "x", code: "SECOND_FACTOR_REQUIRED" }))).toBe(
      "stop",
    );
  });

  it("anything the server judged: refused, back to its form", () => {
    expect(failureOutcome(refused)).toBe("refused");
    expect(failureOutcome(new ApiRequestError(403, { message: "Sem acesso" }))).toBe("refused");
    expect(failureOutcome(new ApiRequestError(413, { message: "Grande" }))).toBe("refused");
  });
});

describe("sendWaitingDrafts", () => {
  it("sends the owner's waiting drafts oldest first, each under its own key, and removes them", async () => {
    const store = memoryStore([
      draft("k3"),
      draft("k1"),
      draft("k2", { owner: "bia" }),
      draft("k4", { state: "refused" }),
    ]);
    const keys: string[] = [];
    const round = await sendWaitingDrafts(store, "ana", async (d) => {
      keys.push(d.id);
      return { id: `req-${d.id}` };
    });
    expect(keys).toEqual(["k1", "k3"]);
    expect(round.sent.map((s) => s.result)).toEqual([{ id: "req-k1" }, { id: "req-k3" }]);
    expect(round.waiting).toBe(0);
    expect(
      store
        .all()
        .map((d) => d.id)
        .sort(),
    ).toEqual(["k2", "k4"]);
  });

  it("stops at the first network failure and keeps that draft and the rest waiting", async () => {
    const store = memoryStore([draft("k1"), draft("k2"), draft("k3")]);
    const tried: string[] = [];
    const round = await sendWaitingDrafts(store, "ana", async (d) => {
      tried.push(d.id);
      if (d.id === "k2") throw offline;
      return d.id;
    });
    expect(tried).toEqual(["k1", "k2"]);
    expect(round.waiting).toBe(2);
    expect(store.all().map((d) => [d.id, d.state])).toEqual([
      ["k2", "waiting"],
      ["k3", "waiting"],
    ]);
  });

  it("a refused draft is kept, refused, with the server's answer; the next ones still go", async () => {
    const store = memoryStore([draft("k1"), draft("k2")]);
    const round = await sendWaitingDrafts(store, "ana", async (d) => {
      if (d.id === "k1") throw refused;
      return d.id;
    });
    expect(round.refused.map((d) => d.id)).toEqual(["k1"]);
    expect(await store.get("ana", "k1")).toMatchObject({ state: "refused", error: refused.body });
    expect(await store.get("ana", "k2")).toBeUndefined();
  });

  it("a retry after a lost answer sends the same key again (the server returns the first request)", async () => {
    const store = memoryStore([draft("k1")]);
    const stored = new Map<string, string>();
    const server = async (d: Draft) => {
      if (!stored.has(d.id)) stored.set(d.id, `req-${stored.size + 1}`);
      return stored.get(d.id)!;
    };
    // The first answer is lost after the server stored it.
    await sendWaitingDrafts(store, "ana", async (d) => {
      await server(d);
      throw offline;
    });
    expect(await store.get("ana", "k1")).toMatchObject({ state: "waiting" });
    const round = await sendWaitingDrafts(store, "ana", server);
    expect(round.sent[0]!.result).toBe("req-1");
    expect(stored.size).toBe(1);
    expect(store.all()).toEqual([]);
  });
});

describe("singleFlight", () => {
  it("one round at a time: calls while it runs share it, the next call starts another", async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const round = singleFlight(async () => {
      runs += 1;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return runs;
    });
    const first = round();
    const second = round();
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    const third = round();
    release();
    expect(await third).toBe(2);
  });
});
