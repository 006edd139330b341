/**
 * SQL written as text once and kept (a book's column lists, a query view's summed rows): pieces
 * that never hold a value, so they need no parameter.
 */

/** A quoted identifier as text (`"a""b"` for `a"b`). */
export const quotedIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;
