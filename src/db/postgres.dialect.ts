/**
 * Kysely's PostgreSQL dialect, with an introspector that looks at the
 * connection's current schema only (the first schema of its search_path).
 *
 * Why not Kysely's own: its introspector reads every table of every schema
 * on the server, and the migrator asks it whether the bookkeeping tables
 * exist before each migration run. Reading the whole server
 *
 * - fails when another schema is dropped while the query runs: Kysely's
 *   query resolves each schema by name (`has_schema_privilege`,
 *   `pg_get_serial_sequence`), and a name listed a moment ago may be gone
 *   ("schema … does not exist"). Several instances, tenants or test runs on
 *   one server drop schemas as a matter of course; a start-up must not fail
 *   because of it;
 * - grows with everything else on the server, not with this service.
 *
 * This one resolves nothing by name: it filters on `current_schema()` and
 * uses only functions of object ids. Its answers have Kysely's shape, so the
 * migrator and anything else reading `db.introspection` work unchanged; they
 * just see this service's schema alone.
 */
import {
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from "kysely";
import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE } from "kysely/migration";

type ColumnRow = {
  column: string;
  not_null: boolean;
  has_default: boolean;
  table: string;
  table_type: string;
  schema: string;
  type: string;
  type_schema: string;
  column_description: string | null;
  auto_incrementing: boolean;
};

export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  /** The current schema alone, or nothing when the search_path names no existing schema. */
  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`
      select nspname as name from pg_catalog.pg_namespace where nspname = current_schema()
    `.execute(this.#db);
    return rows.map((row) => ({ name: row.name }));
  }

  /** The current schema's tables, views and their columns, in Kysely's shape. */
  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const internal = options.withInternalKyselyTables
      ? sql``
      : sql`and c.relname not in (${DEFAULT_MIGRATION_TABLE}, ${DEFAULT_MIGRATION_LOCK_TABLE})`;
    // A column increments by itself when it is an identity column or owns a
    // sequence (serial): what pg_get_serial_sequence finds, found by ids.
    const { rows } = await sql<ColumnRow>`
      select
        a.attname as column,
        a.attnotnull as not_null,
        a.atthasdef as has_default,
        c.relname as table,
        c.relkind as table_type,
        ns.nspname as schema,
        typ.typname as type,
        dtns.nspname as type_schema,
        pg_catalog.col_description(a.attrelid, a.attnum) as column_description,
        (a.attidentity <> '' or exists (
          select 1 from pg_catalog.pg_depend d
          join pg_catalog.pg_class s on s.oid = d.objid and s.relkind = 'S'
          where d.classid = 'pg_catalog.pg_class'::regclass
            and d.refclassid = 'pg_catalog.pg_class'::regclass
            and d.refobjid = c.oid and d.refobjsubid = a.attnum
            and d.deptype in ('a', 'i')
        )) as auto_incrementing
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_class c on a.attrelid = c.oid
      join pg_catalog.pg_namespace ns on c.relnamespace = ns.oid
      join pg_catalog.pg_type typ on a.atttypid = typ.oid
      join pg_catalog.pg_namespace dtns on typ.typnamespace = dtns.oid
      where ns.nspname = current_schema()
        and c.relkind in ('r', 'v', 'p', 'f')
        and a.attnum > 0
        and not a.attisdropped
        ${internal}
      order by c.relname, a.attnum
    `.execute(this.#db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      let table = tables.get(row.table);
      if (table === undefined) {
        table = {
          name: row.table,
          schema: row.schema,
          isView: row.table_type === "v",
          isForeign: row.table_type === "f",
          columns: [],
        };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing,
        ...(row.column_description === null ? {} : { comment: row.column_description }),
      });
    }
    return [...tables.values()];
  }
}

/** PostgresDialect whose introspection stays inside the current schema (see above). */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own signature for this method
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
