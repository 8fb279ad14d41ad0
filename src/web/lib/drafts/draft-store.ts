import { createStore, del, delMany, get, keys, set, type UseStore, values } from "idb-keyval";
import { useEffect, useState } from "react";
import type { Draft } from "./draft";
import type { DraftStore } from "./draft-queue";

/*
 * The drafts in this browser's IndexedDB (docs/decisions/066), through idb-keyval: one database,
 * each draft under [owner, id], its files stored as the Blobs they are. Pages listen for changes
 * (the banner, the sender) through `onDraftsChanged`.
 */

/** The database's name (the sign-out test reads it). */
export const DRAFTS_DATABASE = "balcao-rascunhos";

let database: UseStore | null = null;
const storeOf = () => {
  database ??= createStore(DRAFTS_DATABASE, "rascunhos");
  return database;
};

const listeners = new Set<() => void>();
function changed() {
  for (const listener of listeners) listener();
}

/** Calls `listener` after every change to the drafts made on this page; returns the unsubscribe. */
export function onDraftsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const ownerKeys = async (owner: string) =>
  (await keys<[string, string]>(storeOf())).filter((key) => Array.isArray(key) && key[0] === owner);

export const draftStore: DraftStore = {
  async list(owner) {
    return (await values<Draft>(storeOf())).filter((draft) => draft.owner === owner);
  },
  get: (owner, id) => get<Draft>([owner, id], storeOf()),
  async put(draft) {
    await set([draft.owner, draft.id], draft, storeOf());
    changed();
  },
  async remove(owner, id) {
    await del([owner, id], storeOf());
    changed();
  },
  async clear(owner) {
    await delMany(await ownerKeys(owner), storeOf());
    changed();
  },
};

/** The person's drafts, kept current; empty while they load or with no owner. */
export function useDrafts(owner: string | undefined): Draft[] {
  const [drafts, setDrafts] = useState<Draft[]>([]);
  useEffect(() => {
    if (!owner || typeof indexedDB === "undefined") {
      setDrafts([]);
      return;
    }
    let live = true;
    const load = () =>
      void draftStore.list(owner).then(
        (list) => live && setDrafts(list.sort((a, b) => a.savedAt - b.savedAt)),
        () => undefined,
      );
    load();
    const stop = onDraftsChanged(load);
    return () => {
      live = false;
      stop();
    };
  }, [owner]);
  return drafts;
}
