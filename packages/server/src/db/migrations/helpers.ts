import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';

/** An integer primary key that the database assigns, in either dialect. */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: MigrationDialect,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
