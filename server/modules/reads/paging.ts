/**
 * The paging of a ledger list's query body: a page number and size, or the keyset cursor (the
 * last id of the previous page; entries are listed newest first).
 */
export const KEYSET_PAGING_PROPERTIES = {
  page: { type: 'integer', minimum: 1, default: 1 },
  pageSize: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
  /** Keyset paging: the last id of the previous page (entries are listed newest first). */
  cursor: { type: ['integer', 'null'] },
} as const;
