/**
 * Schema migrations, in code, for SQLite and PostgreSQL alike (portable
 * types only: text, integer). Run at start-up and by `npm run migrate`.
 *
 * On PostgreSQL several instances may start at once: the whole run (creating
 * Kysely's bookkeeping tables included) holds a session advisory lock keyed
 * by the schema, so exactly one instance migrates and the others wait, then
 * find nothing left to do.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";
import type { Migration, MigrationProvider } from "kysely/migration";
import { Migrator } from "kysely/migration";

const migrations: Record<string, Migration> = {
  "0001_accounts_sessions_api_keys": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("users")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("password_changed_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("sessions")
        .addColumn("id_hash", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("last_seen_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();
      await db.schema
        .createTable("api_keys")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("prefix", "text", (c) => c.notNull())
        .addColumn("key_hash", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text")
        .addColumn("last_used_at", "text")
        .addColumn("create_nonce", "text")
        .execute();
      await db.schema.createIndex("api_keys_user_id").on("api_keys").column("user_id").execute();
      await db.schema
        .createIndex("api_keys_user_nonce")
        .on("api_keys")
        .columns(["user_id", "create_nonce"])
        .unique()
        .execute();
    },
  },
  "0002_key_usage_and_email": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("api_key_usage")
        .addColumn("key_id", "text", (c) =>
          c.notNull().references("api_keys.id").onDelete("cascade"),
        )
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("requests", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("limited", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("api_key_usage_pk", ["key_id", "day"])
        .execute();
      await db.schema.alterTable("api_keys").addColumn("expiry_notice_at", "text").execute();
      await db.schema.alterTable("users").addColumn("email_verified_at", "text").execute();
      await db.schema
        .createTable("email_tokens")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("purpose", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .execute();
      await db.schema
        .createIndex("email_tokens_user_purpose")
        .on("email_tokens")
        .columns(["user_id", "purpose"])
        .execute();
    },
  },
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's name. Returns what was applied. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return migrate(db);
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext('cls_migrations:' || current_schema()))`.execute(
      connection,
    );
    try {
      // Kysely looks for its bookkeeping tables in every schema unless told
      // which one: name the current schema, or another schema's tables on
      // the same server would be taken for ours.
      const current = await sql<{ schema: string }>`select current_schema() as schema`.execute(
        connection,
      );
      return await migrate(connection, current.rows[0]?.schema);
    } finally {
      await sql`select pg_advisory_unlock(hashtext('cls_migrations:' || current_schema()))`.execute(
        connection,
      );
    }
  });
}

async function migrate(db: Kysely<unknown>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider,
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error !== undefined) {
    throw new Error(`migration ${failed?.migrationName ?? "(unknown)"} failed: ${String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
