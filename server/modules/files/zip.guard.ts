import { Readable } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';

/**
 * The zip archive of an uploaded .xlsx, checked before anything parses it. An .xlsx is a zip of
 * XML parts, and a few kilobytes of zip can inflate to gigabytes ("zip bomb"), so:
 *
 * - the central directory is read (the whole upload is in memory, at most 10 MiB) and only the
 *   parts a reader of the first worksheet needs are kept: workbook, its relationships, styles
 *   (date formats), shared strings and the lowest-numbered worksheet;
 * - their **declared** uncompressed sizes must stay within the limit, and then each part is
 *   inflated once, counting the bytes it **actually** produces, and refused as soon as the
 *   total passes the limit (an archive may lie about its sizes);
 * - the kept parts are handed on as a new zip stream in the order a streaming reader wants
 *   them (shared strings before the sheet), so exceljs' `WorkbookReader` parses the sheet as it
 *   arrives instead of spooling it to a temporary file first.
 *
 * Everything here runs in the spreadsheet reader's worker thread (xlsx.reader.ts).
 */

/** A refusal of the file, with the message key and values the user will read. */
export class SheetProblem extends Error {
  constructor(
    readonly key: string,
    readonly values: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/** One entry of the archive's central directory. */
export interface ZipEntry {
  readonly name: string;
  readonly flags: number;
  /** 0 stored, 8 deflated. */
  readonly method: number;
  readonly crc: number;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
  readonly localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** More entries than any workbook has: a directory this long is not a spreadsheet. */
const MAX_ENTRIES = 10_000;

const notXlsx = () => new SheetProblem('files.error.notXlsx');

/** The entries of the archive's central directory; refuses what is not a plain zip. */
export function zipEntries(bytes: Buffer): ZipEntry[] {
  if (bytes.length < 22) throw notXlsx();
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (bytes.readUInt32LE(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) throw notXlsx();
  const count = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const offset = bytes.readUInt32LE(end + 16);
  // ZIP64 markers: no workbook of a few megabytes needs them.
  if (count === 0xffff || offset === 0xffffffff || count > MAX_ENTRIES || offset + size > end) throw notXlsx();
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== CENTRAL) throw notXlsx();
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    if (at + 46 + nameLength > end) throw notXlsx();
    entries.push({
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      crc: bytes.readUInt32LE(at + 16),
      compressedSize: bytes.readUInt32LE(at + 20),
      uncompressedSize: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The compressed bytes of an entry, located through its local header. */
function entryData(bytes: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) throw notXlsx();
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.compressedSize > bytes.length) throw notXlsx();
  return bytes.subarray(start, start + entry.compressedSize);
}

/** A part kept for the reader: its name, how it is stored, and its real uncompressed size. */
interface KeptPart {
  readonly name: string;
  readonly method: number;
  readonly crc: number;
  readonly data: Buffer;
  readonly size: number;
}

const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
const RELS = 'xl/_rels/workbook.xml.rels';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
/** The order a streaming reader needs: what the sheet refers to before the sheet. */
const LEADING_PARTS = [RELS, 'xl/workbook.xml', 'xl/styles.xml', SHARED_STRINGS];

/**
 * Inflates a deflated part and counts what it produces, stopping at `budget` bytes: the
 * output is thrown away, so memory stays flat whatever the part claims or holds.
 */
function inflatedSize(data: Buffer, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let total = 0;
    let over = false;
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > budget && !over) {
        over = true;
        inflate.destroy();
        resolve(total);
      }
    });
    inflate.on('end', () => resolve(total));
    inflate.on('error', () => {
      if (!over) reject(notXlsx());
    });
    inflate.end(data);
  });
}

/** A stored (uncompressed) part made here, for a part the workbook does not have. */
function storedPart(name: string, xml: string): KeptPart {
  const data = Buffer.from(xml, 'utf8');
  return { name, method: 0, crc: crc32(data) >>> 0, data, size: data.length };
}

function localHeader(part: KeptPart): Buffer {
  const name = Buffer.from(part.name, 'utf8');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL, 0);
  header.writeUInt16LE(20, 4);
  // UTF-8 names; sizes are known, so no data descriptor follows.
  header.writeUInt16LE(0x0800, 6);
  header.writeUInt16LE(part.method, 8);
  header.writeUInt32LE(part.crc, 14);
  header.writeUInt32LE(part.data.length, 18);
  header.writeUInt32LE(part.size, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

/** The checked parts of a workbook, ready to be read as one zip stream. */
export interface GuardedWorkbook {
  /** Uncompressed bytes of the kept parts, as really inflated. */
  readonly uncompressedBytes: number;
  /** A zip stream of the kept parts, shared strings before the sheet. */
  stream(): Readable;
}

/**
 * Checks an uploaded workbook's archive (see the file comment) and keeps the parts that the
 * first worksheet needs. Refuses with `files.error.notXlsx` what is not a readable zip,
 * `files.error.emptyFile` a workbook without a worksheet, and
 * `files.error.tooLargeUncompressed` parts that inflate (or say they inflate) beyond
 * `maxUncompressedBytes`.
 */
export async function guardWorkbook(bytes: Buffer, maxUncompressedBytes: number): Promise<GuardedWorkbook> {
  const entries = zipEntries(bytes);
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const sheets = entries
    .map((entry) => ({ entry, n: Number(SHEET.exec(entry.name)?.[1] ?? Number.NaN) }))
    .filter((sheet) => Number.isFinite(sheet.n))
    .sort((a, b) => a.n - b.n);
  if (sheets.length === 0) throw new SheetProblem('files.error.emptyFile');
  const wanted = [...LEADING_PARTS.flatMap((name) => byName.get(name) ?? []), sheets[0].entry];
  const tooLarge = () => new SheetProblem('files.error.tooLargeUncompressed', { max: Math.floor(maxUncompressedBytes / (1024 * 1024)) });

  // Declared sizes first: a bomb that tells the truth is refused without inflating a byte.
  const declared = wanted.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (declared > maxUncompressedBytes || wanted.some((entry) => entry.uncompressedSize === 0xffffffff)) throw tooLarge();

  // Then what the parts really inflate to, within what is left of the limit.
  const kept: KeptPart[] = [];
  let total = 0;
  for (const entry of wanted) {
    if ((entry.flags & 0x1) !== 0 || (entry.method !== 0 && entry.method !== 8)) throw notXlsx();
    const data = entryData(bytes, entry);
    const size = entry.method === 0 ? data.length : await inflatedSize(data, maxUncompressedBytes - total);
    total += size;
    if (total > maxUncompressedBytes) throw tooLarge();
    kept.push({ name: entry.name, method: entry.method, crc: entry.crc, data, size });
  }
  // Without these two, exceljs would spool the sheet to a temporary file before reading it.
  if (!byName.has(RELS))
    kept.unshift(storedPart(RELS, '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>'));
  if (!byName.has(SHARED_STRINGS))
    kept.splice(kept.length - 1, 0, storedPart(SHARED_STRINGS, '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>'));

  return {
    uncompressedBytes: total,
    stream() {
      const end = Buffer.alloc(22);
      end.writeUInt32LE(EOCD, 0);
      return Readable.from(
        (function* records() {
          for (const part of kept) {
            yield localHeader(part);
            yield part.data;
          }
          yield end;
        })(),
      );
    },
  };
}
