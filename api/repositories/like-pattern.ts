/**
 * LIKE patterns from what staff type: `%`, `_` and `\` match themselves, not any text. Use the
 * result with `ESCAPE '\'`, which SQLite and PostgreSQL both understand.
 */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
