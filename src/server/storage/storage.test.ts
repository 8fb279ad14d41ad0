import { randomUUID } from "node:crypto";
import { mkdir, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StorageKeyError, StorageNotFoundError } from "./storage";
import {
  type Backend,
  backends,
  drain,
  fromBuffer,
  generatedStream,
  MiB,
  openLocalBackend,
} from "./test-kit";

describe.each(backends)("storage contract: $name", ({ open }) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await open();
  });
  afterAll(async () => {
    await backend?.close();
  });

  it("streams 31 MB in and out unchanged, then deletes it", async () => {
    const { storage } = backend;
    const key = "reembolso/2026/11/0b6f2a0e-7f7e-4d7c-9d43-1f2a3b4c5d6e/recibo.pdf";
    const size = 31 * MiB;

    const put = await storage.put(key, generatedStream(size), { contentType: "application/pdf" });
    expect(put.bytes).toBe(size);
    expect(await storage.exists(key)).toBe(true);

    const object = await storage.get(key);
    expect(object.bytes).toBe(size);
    if (storage.kind === "s3") expect(object.contentType).toBe("application/pdf");
    expect(await drain(object.body)).toEqual(await drain(generatedStream(size)));

    const middle = await storage.readRange(key, 10 * MiB, 10 * MiB + 8);
    expect([...middle]).toEqual(Array.from({ length: 8 }, (_, i) => (10 * MiB + i) % 251));

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await backend.list()).toEqual([]);
  });

  it("replaces an object put twice under one key", async () => {
    const { storage } = backend;
    const key = "formacao/2026/11/a/plano.pdf";
    await storage.put(key, fromBuffer(Buffer.from("first")), { contentType: "application/pdf" });
    await storage.put(key, fromBuffer(Buffer.from("second")), { contentType: "application/pdf" });
    expect(await storage.readRange(key, 0, 6)).toEqual(Buffer.from("second"));
    await storage.delete(key);
  });

  it("writes nothing when the body fails midway", async () => {
    const key = "reembolso/2026/11/broken/recibo.pdf";
    const body = generatedStream(20 * MiB, { failAt: 12 * MiB });
    await expect(backend.storage.put(key, body, { contentType: "application/pdf" })).rejects.toThrow(
      "connection reset by test",
    );
    expect(await backend.storage.exists(key)).toBe(false);
    expect(await backend.list()).toEqual([]);
  });

  it("says which objects are missing, and deleting one is not an error", async () => {
    const { storage } = backend;
    await expect(storage.get("nada/aqui.pdf")).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.readRange("nada/aqui.pdf", 0, 4)).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await storage.exists("nada/aqui.pdf")).toBe(false);
    await storage.delete("nada/aqui.pdf");
  });

  it.each([
    "../etc/passwd",
    "/etc/passwd",
    "a/../../b",
    "a//b",
    "a/./b",
    "a/.hidden",
    "a\\b",
    "a/b/",
    "a\nb",
    "",
  ])("refuses the key %j", async (key) => {
    const { storage } = backend;
    await expect(
      storage.put(key, fromBuffer(Buffer.from("x")), { contentType: "text/plain" }),
    ).rejects.toThrow(StorageKeyError);
    await expect(storage.get(key)).rejects.toThrow(StorageKeyError);
    await expect(storage.delete(key)).rejects.toThrow(StorageKeyError);
    await expect(storage.exists(key)).rejects.toThrow(StorageKeyError);
  });
});

describe("local disk: interrupted uploads", () => {
  it("sweeps temporary files older than the cutoff, keeps fresh ones and stored files", async () => {
    const backend = await openLocalBackend();
    try {
      const { storage } = backend;
      await storage.put("reembolso/2026/11/u1/recibo.pdf", fromBuffer(Buffer.from("kept")), {
        contentType: "application/pdf",
      });
      // What a crash mid-write leaves: openTemp's hidden name, in the upload's own directory.
      const root = backend.dir!;
      const staleDir = path.join(root, "reembolso", "2026", "11", "u2");
      await mkdir(staleDir, { recursive: true });
      const stale = path.join(staleDir, `.nota.pdf.${randomUUID()}.tmp`);
      const fresh = path.join(root, "reembolso", "2026", "11", "u1", `.outro.pdf.${randomUUID()}.tmp`);
      await writeFile(stale, "half");
      await writeFile(fresh, "writing");
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      await utimes(stale, twoHoursAgo, twoHoursAgo);

      expect(await storage.sweepIncomplete!(60 * 60 * 1000)).toBe(1);
      const left = await backend.list();
      expect(left.some((file) => file.endsWith("recibo.pdf"))).toBe(true);
      expect(left.some((file) => file.includes(".outro.pdf."))).toBe(true);
      expect(left.some((file) => file.includes(".nota.pdf."))).toBe(false);
      // Its now empty upload directory went with it.
      await expect(stat(staleDir)).rejects.toThrow();
    } finally {
      await backend.close();
    }
  });
});
