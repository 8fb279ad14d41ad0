import pg from "pg";

/**
 * The e2e server's database: with TEST_DATABASE_URL (as CI sets it), a scratch database on that
 * PostgreSQL server, dropped at the end; otherwise none, and the server keeps its embedded PGlite
 * under DATA_DIR, as `npm start` does on a fresh machine (docs/decisions/061).
 */
export async function e2eDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { url: "", drop: async () => {} };
  const name = `balcao_e2e_${process.pid}`;
  await admin(serverUrl, `drop database if exists ${name} with (force)`);
  await admin(serverUrl, `create database ${name}`);
  // Thrown away at the end: no commit waits for the disk, as in the API tests' databases.
  await admin(serverUrl, `alter database ${name} set synchronous_commit = off`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

async function admin(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
