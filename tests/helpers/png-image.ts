import { crc32, deflateSync } from 'node:zlib';

/**
 * A real PNG of the given pixels (RGB, 8 bits), for tests of image limits: a solid colour, or
 * noise in its first `noisyRows` rows so that the file is large (noise does not compress).
 */
export function pngImage(args: { width: number; height: number; noisyRows?: number }): Buffer {
  const { width, height } = args;
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height, 0x80);
  let seed = 27;
  for (let y = 0; y < height; y += 1) {
    raw[y * row] = 0; // filter: none
    if (y < (args.noisyRows ?? 0)) {
      for (let x = 1; x < row; x += 1) {
        // A fixed pseudo-random sequence: the same file every run.
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        raw[y * row + x] = seed >>> 24;
      }
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter set, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
