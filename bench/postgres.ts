// The bench's throwaway PostgreSQL databases: each one is tracked from creation, so
// dropCreatedDatabases() can drop it even when a measurement throws.
import pg from "pg";
import { errorMessage, log } from "./lib";

export const POSTGRES_URL = "postgres://postgres@127.0.0.1:5432";

const created = new Set<string>();

/** Runs one statement on the `postgres` maintenance database. */
export async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: `${POSTGRES_URL}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function checkName(name: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
}

/** Creates `name` afresh (dropping a leftover of the same name first); returns its URL. */
export async function createBenchDatabase(name: string): Promise<string> {
  checkName(name);
  await dropBenchDatabase(name);
  created.add(name);
  await adminQuery(`create database ${name}`);
  return `${POSTGRES_URL}/${name}`;
}

export async function dropBenchDatabase(name: string) {
  checkName(name);
  await adminQuery(`drop database if exists ${name} with (force)`);
  created.delete(name);
}

/** Drops every database this run created and has not dropped yet; never throws. */
export async function dropCreatedDatabases() {
  for (const name of [...created]) {
    await dropBenchDatabase(name).catch((err) => log(`could not drop ${name}: ${errorMessage(err)}`));
  }
}
