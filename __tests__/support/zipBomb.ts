/**
 * ZIP files written by hand, for the roster reader's limits: entries whose headers declare any size
 * (a lying header says a few bytes of what inflates to hundreds of MB), and bombs: a few MB of ZIP
 * that inflate to gigabytes of zeros. The deflated zeros are made once per size and shared by the
 * entries, so a bomb costs the test little memory or time.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface HandEntry {
  name: string;
  /** the entry's bytes as stored: deflated (raw) when `method` is 8 */
  data: Uint8Array;
  method: 0 | 8;
  /** the uncompressed size the headers declare */
  size: number;
  crc: number;
}

/** A ZIP of the entries: local headers, the central directory and its end record (no ZIP64). */
export function handZip(entries: HandEntry[]): Uint8Array {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    // the local header from byte 4 and the central one from byte 6 share these fields
    const shared = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at);
      header.writeUInt16LE(0x800, at + 2);
      header.writeUInt16LE(entry.method, at + 4);
      header.writeUInt32LE(entry.crc >>> 0, at + 10);
      header.writeUInt32LE(entry.data.length, at + 14);
      header.writeUInt32LE(entry.size, at + 18);
      header.writeUInt16LE(name.length, at + 22);
      return header;
    };
    const local = shared(Buffer.alloc(30), 4);
    local.writeUInt32LE(0x04034b50, 0);
    const head = shared(Buffer.alloc(46), 6);
    head.writeUInt32LE(0x02014b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt32LE(offset, 42);
    parts.push(local, name, Buffer.from(entry.data));
    central.push(head, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...parts, directory, end]));
}

/** A deflated entry of `text`, declaring its true size unless `declaredSize` is given. */
export function deflatedEntry(name: string, text: string | Uint8Array, declaredSize?: number): HandEntry {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  return { name, data: deflateRawSync(bytes), method: 8, size: declaredSize ?? bytes.length, crc: crc32(bytes) };
}

const zeros = new Map<number, { data: Uint8Array; crc: number }>();

/** `bytes` zeros deflated (about a thousandth of their size), made once per size. */
function deflatedZeros(bytes: number): { data: Uint8Array; crc: number } {
  let made = zeros.get(bytes);
  if (!made) {
    // a zeroed allocation this large is mapped lazily: reading it costs no memory
    const block = Buffer.alloc(bytes);
    made = { data: deflateRawSync(block, { level: 9 }), crc: crc32(block) };
    zeros.set(bytes, made);
  }
  return made;
}

/**
 * A ZIP bomb: each named entry inflates to `bytesEach` zeros. Its headers declare the truth, or
 * `declaredSize` (a lie) when given.
 */
export function zeroBomb(names: string[], bytesEach: number, declaredSize?: number): Uint8Array {
  const { data, crc } = deflatedZeros(bytesEach);
  return handZip(names.map((name) => ({ name, data, method: 8, size: declaredSize ?? bytesEach, crc: declaredSize === undefined ? crc : 0 })));
}
