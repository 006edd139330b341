import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Generates .xlsx workbooks of any size for tests and benchmarks, without exceljs: the sheet XML
 * is written directly and zipped here, so a workbook of 1.5 million rows takes seconds rather
 * than minutes and never needs to be committed. The workbooks are what Excel and exceljs write
 * (content types, relationships, one worksheet, optionally shared strings), so exceljs' full
 * loader and its streaming reader both read them.
 *
 * It can also write hostile archives: a "zip bomb" (a part that inflates to far more than its
 * compressed size) and an archive that lies about a part's uncompressed size.
 */

/** A cell value: text, or a number. */
export type GeneratedCell = string | number;

/** One zip entry to write. */
interface ZipPart {
  readonly name: string;
  readonly data: Buffer;
  /** The uncompressed size written in the headers (default: the real one). */
  readonly declaredSize?: number;
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Column letters of a 0-based column index (0 -> A, 26 -> AA). */
function columnName(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    name = String.fromCharCode(65 + rest) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

function packageParts(args: { sheet: Buffer; sheetDeclaredSize?: number; sharedStrings: Buffer | null }): ZipPart[] {
  const overrides = [
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>',
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>',
    ...(args.sharedStrings
      ? [
          '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>',
        ]
      : []),
  ];
  const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`, 'utf8');
  const relationships = [
    `<Relationship Id="rId1" Type="${DOC_REL}/worksheet" Target="worksheets/sheet1.xml"/>`,
    ...(args.sharedStrings ? [`<Relationship Id="rId2" Type="${DOC_REL}/sharedStrings" Target="sharedStrings.xml"/>`] : []),
  ];
  // Excel's own order: the sheets before the shared strings they refer to.
  return [
    {
      name: '[Content_Types].xml',
      data: xml(
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides.join('')}</Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        `<Relationships xmlns="${REL_NS}"><Relationship Id="rId1" Type="${DOC_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/_rels/workbook.xml.rels', data: xml(`<Relationships xmlns="${REL_NS}">${relationships.join('')}</Relationships>`) },
    { name: 'xl/worksheets/sheet1.xml', data: args.sheet, declaredSize: args.sheetDeclaredSize },
    ...(args.sharedStrings ? [{ name: 'xl/sharedStrings.xml', data: args.sharedStrings }] : []),
    {
      name: 'xl/workbook.xml',
      data: xml(`<workbook xmlns="${NS}" xmlns:r="${DOC_REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    },
  ];
}

/** A zip archive of the parts, each deflated, with local headers, central directory and end record. */
function zip(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const compressed = deflateRawSync(part.data, { level: 6 });
    const crc = crc32(part.data) >>> 0;
    const size = part.declaredSize ?? part.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0, 10); // time, date
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, compressed);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4); // made by
    entry.writeUInt16LE(20, 6); // needed
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(0, 12);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(compressed.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A one-sheet workbook: an optional header row, then `rows` data rows whose cells `cells(i)`
 * gives (i from 0). Text goes to the shared strings table (`strings: 'shared'`, what Excel
 * writes; the default) or inline (`'inline'`, what streaming writers often write).
 *
 *   const bytes = generateWorkbook({ header: ['手机号'], rows: 10_001, cells: (i) => [`139${String(i).padStart(8, '0')}`] });
 */
export function generateWorkbook(args: {
  rows: number;
  cells: (index: number) => readonly GeneratedCell[];
  header?: readonly string[];
  strings?: 'shared' | 'inline';
}): Buffer {
  const shared = (args.strings ?? 'shared') === 'shared';
  const table: string[] = [];
  const textCell = (ref: string, text: string) => {
    if (!shared) return `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`;
    table.push(text);
    return `<c r="${ref}" t="s"><v>${table.length - 1}</v></c>`;
  };
  const rowXml = (r: number, values: readonly GeneratedCell[]) => {
    const cells = values.map((value, c) => {
      const ref = `${columnName(c)}${r}`;
      return typeof value === 'number' ? `<c r="${ref}"><v>${value}</v></c>` : textCell(ref, value);
    });
    return `<row r="${r}">${cells.join('')}</row>`;
  };
  const chunks: string[] = [`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${NS}"><sheetData>`];
  let r = 1;
  if (args.header) chunks.push(rowXml(r++, args.header));
  for (let i = 0; i < args.rows; i += 1) chunks.push(rowXml(r++, args.cells(i)));
  chunks.push('</sheetData></worksheet>');
  const sheet = Buffer.from(chunks.join(''), 'utf8');
  const sharedStrings = shared
    ? Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${NS}" count="${table.length}" uniqueCount="${table.length}">${table.map((text) => `<si><t>${escapeXml(text)}</t></si>`).join('')}</sst>`,
        'utf8',
      )
    : null;
  return zip(packageParts({ sheet, sharedStrings }));
}

/**
 * A workbook whose sheet inflates to `uncompressedBytes` (blank space between the tags, which
 * deflates about a thousand to one): a small upload that would cost its reader a lot. With
 * `declaredBytes` the archive claims that uncompressed size instead of the real one, as a
 * forged archive would, to slip past a check of the declared sizes.
 */
export function generateZipBomb(args: { uncompressedBytes: number; declaredBytes?: number }): Buffer {
  const head = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row>`,
    'utf8',
  );
  const tail = Buffer.from('</sheetData></worksheet>', 'utf8');
  const filler = Buffer.alloc(Math.max(0, args.uncompressedBytes - head.length - tail.length), 0x20);
  const sheet = Buffer.concat([head, filler, tail]);
  return zip(packageParts({ sheet, sheetDeclaredSize: args.declaredBytes, sharedStrings: null }));
}
