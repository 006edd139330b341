/**
 * How a record names the records it refers to. The server sends a relation (or tree parent) as
 * its id in `<field>`, and its name in `_titles.<field>.<id>` (the engine's query and info send
 * them, whatever the reader may see of the related screen). When a record carries them, as
 * `_titles`, as `<field>Title` (a string, or a list in the order of the ids) or as embedded
 * `{ id, title }` objects, they are used without asking; otherwise they are fetched from the
 * picker endpoint (option-titles.ts).
 */
import type { ApiRecord } from './field-kind';

/** One choosable record: what GET /v1/<resource>/options returns. */
export interface OptionRecord {
  readonly id: string | number;
  readonly title: string;
  /** What tells records of one title apart (a member: masked mobile · member number). */
  readonly description?: string;
  /** The record's card, when its resource declares one (`ResourcePicker.card`): state, balance, validity. */
  readonly card?: Readonly<Record<string, unknown>>;
}

function isOption(value: unknown): value is OptionRecord {
  return typeof value === 'object' && value !== null && 'id' in value && 'title' in value;
}

/** The ids of a relation value (embedded objects reduced to their id). */
export function relationIds(value: unknown): (string | number)[] {
  const list = Array.isArray(value) ? value : value === null || value === undefined || value === '' ? [] : [value];
  return list.map((item) => (isOption(item) ? item.id : (item as string | number)));
}

/** A referenced record, with its title when the row carries it. */
export interface KnownOption {
  readonly id: string | number;
  readonly title?: string;
}

type Titles = Record<string, Record<string, string> | undefined>;

/**
 * A document's line as a record of its own: the document's names of what its lines point at
 * (`_titles['<lines>.<field>']`) become the line's `_titles['<field>']`, so a relation cell or
 * picker inside the lines names its record without asking the options route.
 */
export function lineRecord(line: ApiRecord, document: ApiRecord | undefined, linesName: string): ApiRecord {
  const titles = document?._titles as Titles | undefined;
  if (!titles) return line;
  const prefix = `${linesName}.`;
  const own: Titles = {};
  for (const [key, named] of Object.entries(titles)) if (key.startsWith(prefix)) own[key.slice(prefix.length)] = named;
  return { ...line, _titles: own };
}

/**
 * The records a row names for a field, from its `_titles` (inside lines: every record the
 * document's lines point at), so a picker shows their names before any search.
 */
export function namedOptions(record: ApiRecord | undefined, name: string): KnownOption[] {
  const named = (record?._titles as Titles | undefined)?.[name] ?? {};
  return Object.entries(named).map(([id, title]) => ({ id: /^\d+$/.test(id) ? Number(id) : id, title }));
}

/** The referenced records of a field of a row, with titles when the row carries them. */
export function relationOptions(record: ApiRecord | undefined, name: string): KnownOption[] {
  const value = record?.[name];
  const list = Array.isArray(value) ? value : value === null || value === undefined || value === '' ? [] : [value];
  const titles = record?.[`${name}Title`];
  const titleList = Array.isArray(titles) ? titles : [titles];
  // The server's names of what the record points at: `_titles.<field>.<id>`.
  const named = (record?._titles as Titles | undefined)?.[name];
  return list.map((item, index) => {
    if (isOption(item)) return { id: item.id, title: String(item.title) };
    const title = titleList[index] ?? named?.[String(item)];
    return { id: item as string | number, title: typeof title === 'string' && title !== '' ? title : undefined };
  });
}

/**
 * An object's members as a record of their own: the record's names of what its relation members
 * point at (`_titles['rule.giftGoods']`) become the members' `_titles['giftGoods']`, so a member's
 * cell or picker names its record without asking. Also serves a member shown as a list column.
 */
export function memberRecord(record: ApiRecord | undefined, name: string): ApiRecord {
  const value = record?.[name];
  const members = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as ApiRecord) : null;
  return lineRecord(members ?? {}, record, name);
}
