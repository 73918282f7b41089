/**
 * The shared PostgreSQL and Redis the contract and multi-instance suites run
 * against. With CI=true they must be reachable (the suite fails otherwise);
 * elsewhere a suite whose backend is unreachable is skipped with a message
 * saying why. Each run isolates its data: a randomly named PostgreSQL schema
 * (dropped afterwards) and a random Redis key prefix.
 */
import { randomBytes } from "node:crypto";
import { Socket } from "node:net";
import pg from "pg";

export const POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
export const IN_CI = process.env.CI === "true";

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once("error", () => done(false));
    socket.connect(Number(port), hostname.replace(/^\[|\]$/g, ""), () => done(true));
  });
}

/**
 * `false` to run, or the skip message. Throws under CI=true when the backend
 * is unreachable: CI must exercise it.
 */
export async function skipUnlessReachable(name: string, url: string): Promise<false | string> {
  if (await reachable(url)) return false;
  const message = `${name} at ${new URL(url).host} is unreachable`;
  if (IN_CI) throw new Error(`${message}, and CI=true requires it`);
  return `${message}: skipped (set CI=true to require it)`;
}

export const randomName = (prefix: string) => `${prefix}_${randomBytes(6).toString("hex")}`;

/** A fresh, empty schema on the shared PostgreSQL; `url` selects it through search_path. */
export async function createTestSchema(): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = randomName("cls_test");
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}
