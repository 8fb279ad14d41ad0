import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { clientMessages } from "@/domain/planning/client.schema";
import { signedInUser } from "../../testing/auth-helpers";
import { describeWithApp } from "../../testing/test-app";

const client = {
  name: "Padaria Pão Quente",
  segment: "Alimentação",
  market_type: "B2C",
  voice_tone: "Acolhedor",
  persona_brief: "Famílias do bairro que compram pão todas as manhãs.",
  notes: "Prefere posts pela manhã.",
  website: "https://paoquente.com.br",
  instagram_url: "https://instagram.com/paoquente",
  facebook_url: "https://facebook.com/paoquente",
  linkedin_url: "https://www.linkedin.com/company/paoquente",
  youtube_url: "https://youtube.com/@paoquente",
};

const MISSING_ID = "00000000-0000-4000-8000-000000000000";

describeWithApp("clients", { env: { REQUIRE_EMAIL_VERIFICATION: "false" } }, (ctx) => {
  const call = (method: "GET" | "POST" | "PUT", url: string, cookie?: string, payload?: object) =>
    ctx().app.inject({
      method,
      url,
      ...(cookie ? { headers: { cookie } } : {}),
      ...(payload ? { payload } : {}),
    });
  const manager = () => signedInUser(ctx(), "planejamento@agencia.digital", "Paula Planejamento");

  it("refuses everyone outside PLANNING_MANAGERS on every endpoint: 401 signed out, 403 signed in", async () => {
    const outsider = await signedInUser(ctx(), "fulano@agencia.digital");
    // A job-openings manager is staff, but not on this allow-list.
    const jobOpeningManager = await signedInUser(ctx(), "vagas@agencia.digital");
    const endpoints = [
      ["GET", "/api/clients"],
      ["POST", "/api/clients"],
      ["PUT", `/api/clients/${MISSING_ID}`],
    ] as const;
    for (const [method, url] of endpoints) {
      const payload = method === "GET" ? undefined : client;
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, outsider.cookie, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect(
        (await call(method, url, jobOpeningManager.cookie, payload)).statusCode,
        `${method} ${url}`,
      ).toBe(403);
    }
    expect(
      Number((await ctx().database.db.execute(sql`select count(*)::int as n from clients`)).rows[0]!.n),
    ).toBe(0);
  });

  it("creates with every field, lists by name whatever the case and accents, and edits", async () => {
    const { cookie } = await manager();
    expect((await call("GET", "/api/clients", cookie)).json()).toEqual({ items: [], nextCursor: null });

    const created = await call("POST", "/api/clients", cookie, { ...client, name: "  Padaria Pão Quente " });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toEqual({
      ...client,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      created_at: expect.any(String),
    });
    expect(new Date(body.created_at).toISOString()).toBe(body.created_at);

    // Only the name is required; empty optional fields are stored as null.
    const minimal = await call("POST", "/api/clients", cookie, {
      name: "zeta Consultoria",
      segment: " ",
      market_type: "",
      website: "",
      notes: null,
    });
    expect(minimal.statusCode).toBe(201);
    expect(minimal.json()).toMatchObject({
      name: "zeta Consultoria",
      segment: null,
      market_type: null,
      voice_tone: null,
      persona_brief: null,
      notes: null,
      website: null,
      instagram_url: null,
      facebook_url: null,
      linkedin_url: null,
      youtube_url: null,
    });
    for (const name of ["Ótica Visão", "agência Norte", "Banco Sul"]) {
      expect((await call("POST", "/api/clients", cookie, { name })).statusCode).toBe(201);
    }

    const list = await call("GET", "/api/clients", cookie);
    expect(list.statusCode).toBe(200);
    expect(list.headers["cache-control"]).toBe("no-store");
    expect(list.json().nextCursor).toBeNull();
    expect(list.json().items.map((c: { name: string }) => c.name)).toEqual([
      "agência Norte",
      "Banco Sul",
      "Ótica Visão",
      "Padaria Pão Quente",
      "zeta Consultoria",
    ]);
    expect(list.json().items[3]).toEqual(body);

    const edited = await call("PUT", `/api/clients/${body.id}`, cookie, {
      ...client,
      segment: "Panificação",
      market_type: "B2B e B2C",
      instagram_url: "",
      notes: "  ",
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({
      ...body,
      segment: "Panificação",
      market_type: "B2B e B2C",
      instagram_url: null,
      notes: null,
    });

    // Renaming a client to its own name in another case is no clash.
    const recased = await call("PUT", `/api/clients/${body.id}`, cookie, {
      ...client,
      name: "PADARIA PÃO QUENTE",
    });
    expect(recased.statusCode).toBe(200);
    expect(recased.json().name).toBe("PADARIA PÃO QUENTE");
  });

  it("answers 400 with the messages of each field", async () => {
    const { cookie } = await manager();
    const bad = await call("POST", "/api/clients", cookie, {
      name: " X ",
      market_type: "Governo",
      website: "paoquente",
      instagram_url: "ftp://instagram.com/paoquente",
      facebook_url: "javascript:alert(1)",
      linkedin_url: "https://",
      youtube_url: "not a url",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: "VALIDATION",
      fields: {
        name: clientMessages.nameMin,
        market_type: clientMessages.marketTypeInvalid,
        website: clientMessages.urlInvalid,
        instagram_url: clientMessages.urlInvalid,
        facebook_url: clientMessages.urlInvalid,
        linkedin_url: clientMessages.urlInvalid,
        youtube_url: clientMessages.urlInvalid,
      },
    });
    expect((await call("POST", "/api/clients", cookie, {})).json().fields).toEqual({
      name: clientMessages.nameMin,
    });

    const created = await call("POST", "/api/clients", cookie, client);
    const badEdit = await call("PUT", `/api/clients/${created.json().id}`, cookie, {
      ...client,
      website: "www.paoquente.com.br",
    });
    expect(badEdit.statusCode).toBe(400);
    expect(badEdit.json().fields).toEqual({ website: clientMessages.urlInvalid });
    expect((await call("GET", "/api/clients", cookie)).json().items[0].website).toBe(client.website);
  });

  it("keeps names unique whatever their case, on create and on update (409 under the name)", async () => {
    const { cookie } = await manager();
    const taken = {
      message: clientMessages.nameTaken,
      code: "CLIENT_NAME_TAKEN",
      fields: { name: clientMessages.nameTaken },
    };
    const first = await call("POST", "/api/clients", cookie, client);
    expect(first.statusCode).toBe(201);

    const again = await call("POST", "/api/clients", cookie, { name: "padaria pão QUENTE" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(taken);

    const other = await call("POST", "/api/clients", cookie, { name: "Banco Sul" });
    expect(other.statusCode).toBe(201);
    const clash = await call("PUT", `/api/clients/${other.json().id}`, cookie, {
      name: " PADARIA Pão Quente",
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual(taken);

    // A refused save leaves both clients as they were.
    expect(
      (await call("GET", "/api/clients", cookie)).json().items.map((c: { name: string }) => c.name),
    ).toEqual(["Banco Sul", "Padaria Pão Quente"]);
  });

  it("pages by name, a page after another, without skipping or repeating a client", async () => {
    const { cookie } = await manager();
    // 75 clients: the default page of 30 makes three pages; accents, case, a '|' in a name.
    const names = Array.from({ length: 72 }, (_, i) => `Cliente ${String(i + 1).padStart(2, "0")}`);
    names.push("Ótica Visão", "agência | Norte", "Álvaro & Filhos");
    await ctx().database.db.execute(
      sql`insert into clients (name) select unnest(${sql.param(names)}::text[])`,
    );
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/clients${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = (await call("GET", url, cookie)).json() as {
        items: { name: string }[];
        nextCursor: string | null;
      };
      seen.push(...page.items.map((c) => c.name));
      sizes.push(page.items.length);
      cursor = page.nextCursor;
    } while (cursor && sizes.length < 10);
    expect(sizes).toEqual([30, 30, 15]);
    expect(seen).toEqual([...names].sort(new Intl.Collator("pt-BR").compare));
    expect(seen.slice(0, 3)).toEqual(["agência | Norte", "Álvaro & Filhos", "Cliente 01"]);
    expect(seen.at(-1)).toBe("Ótica Visão");

    // Smaller pages, up to 100 a page.
    const small = (await call("GET", "/api/clients?limit=2", cookie)).json();
    expect(small.items.map((c: { name: string }) => c.name)).toEqual(seen.slice(0, 2));
    const next = (
      await call("GET", `/api/clients?limit=2&cursor=${encodeURIComponent(small.nextCursor)}`, cookie)
    ).json();
    expect(next.items.map((c: { name: string }) => c.name)).toEqual(seen.slice(2, 4));
    expect((await call("GET", "/api/clients?limit=100", cookie)).json().items).toHaveLength(75);
    expect((await call("GET", "/api/clients?limit=101", cookie)).statusCode).toBe(400);
    const bad = await call("GET", "/api/clients?cursor=bm90LWEtY3Vyc29y", cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ cursor: "Página inválida" });
  });

  it("answers 404 to an unknown or malformed id", async () => {
    const { cookie } = await manager();
    const unknown = await call("PUT", `/api/clients/${MISSING_ID}`, cookie, client);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("NOT_FOUND");
    for (const id of ["not-a-uuid", "123", "00000000-0000-4000-8000-00000000000g"]) {
      expect((await call("PUT", `/api/clients/${id}`, cookie, client)).statusCode, id).toBe(404);
    }
    expect((await call("GET", "/api/clients", cookie)).json()).toEqual({ items: [], nextCursor: null });
  });
});
