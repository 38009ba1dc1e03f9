/** Whether a failed statement broke a unique index (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/**
 * Whether a failed statement broke the unique index on `table.column`: PostgreSQL names the index
 * (`table_column`, as the migrations name them), SQLite the column in its message.
 */
export function isUniqueViolationOf(err: unknown, table: string, column: string): boolean {
  if (!isUniqueViolation(err)) return false;
  const { constraint, message } = err as { constraint?: unknown; message?: unknown };
  if (constraint === `${table}_${column}`) return true;
  return typeof message === 'string' && message.includes(`${table}.${column}`);
}
