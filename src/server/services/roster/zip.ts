/**
 * A ZIP file's entries, read from its central directory, and an entry's bytes inflated under a bound
 * on the bytes actually produced. The sizes a ZIP declares are the sender's word: fflate's
 * unzipSync trusts them, while node's zlib stops an entry as soon as it inflates past the bound,
 * whatever its header says. Stored and deflated entries, ZIP64 included; no encryption.
 */
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  /** the entry's path inside the ZIP, folders included; a folder's ends with `/` */
  name: string;
  /** 0 stored, 8 deflated */
  method: number;
  encrypted: boolean;
  compressedSize: number;
  /** the uncompressed size the header declares (not to be trusted) */
  size: number;
  /** where the entry's local header starts */
  offset: number;
}

/** The file is not a ZIP that can be read, or an entry of it is damaged. */
export class ZipError extends Error {}

/** An entry inflates to more bytes than the bound it was read under. */
export class ZipTooLarge extends Error {}

const END = 0x06054b50;
const END64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const FULL32 = 0xffffffff;

/** Reads little-endian numbers; a read past the end is a damaged file. */
class Reader {
  private readonly view: DataView;

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  u16(at: number): number {
    return this.checked(() => this.view.getUint16(at, true));
  }

  u32(at: number): number {
    return this.checked(() => this.view.getUint32(at, true));
  }

  u64(at: number): number {
    return this.checked(() => Number(this.view.getBigUint64(at, true)));
  }

  private checked(read: () => number): number {
    try {
      return read();
    } catch {
      throw new ZipError('it ends before its directory does');
    }
  }
}

/** The end of central directory record: how many entries, and where their directory starts. */
function directory(zip: Reader): { count: number; start: number } {
  // the record is the last 22 bytes, before a comment of at most 65,535
  let end = zip.bytes.length - 22;
  const first = Math.max(0, end - 0xffff);
  while (end >= first && zip.u32(end) !== END) end -= 1;
  if (end < first) throw new ZipError('it has no ZIP directory');
  let count = zip.u16(end + 10);
  let start = zip.u32(end + 16);
  if (count === 0xffff || start === FULL32) {
    // ZIP64: the locator just before the record points at the 64-bit record
    const end64 = zip.u64(end - 12);
    if (zip.u32(end64) !== END64) throw new ZipError('its ZIP64 directory is missing');
    count = zip.u64(end64 + 32);
    start = zip.u64(end64 + 48);
  }
  return { count, start };
}

/** The number of entries the ZIP declares, read before anything else of it. */
export function zipEntryCount(bytes: Uint8Array): number {
  return directory(new Reader(bytes)).count;
}

/** The ZIP's entries, in the order of its directory. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const zip = new Reader(bytes);
  const { count, start } = directory(zip);
  const entries: ZipEntry[] = [];
  let at = start;
  for (let i = 0; i < count; i += 1) {
    if (zip.u32(at) !== CENTRAL) throw new ZipError('its directory is damaged');
    const flags = zip.u16(at + 8);
    const nameLength = zip.u16(at + 28);
    const extraLength = zip.u16(at + 30);
    const nameEnd = at + 46 + nameLength;
    if (nameEnd > bytes.length) throw new ZipError('its directory is damaged');
    // bit 11: the name is UTF-8; else code page 437, whose ASCII is all a OneRoster name needs
    const name = Buffer.from(bytes.subarray(at + 46, nameEnd)).toString(flags & 0x800 ? 'utf8' : 'latin1');
    let compressedSize = zip.u32(at + 20);
    let size = zip.u32(at + 24);
    let offset = zip.u32(at + 42);
    if (compressedSize === FULL32 || size === FULL32 || offset === FULL32) {
      // the ZIP64 extra field (id 1) holds, in this order, those of the three that are full
      let extra = nameEnd;
      while (extra < nameEnd + extraLength && zip.u16(extra) !== 1) extra += 4 + zip.u16(extra + 2);
      if (extra >= nameEnd + extraLength) throw new ZipError('its directory is damaged');
      let field = extra + 4;
      const next = () => {
        const value = zip.u64(field);
        field += 8;
        return value;
      };
      if (size === FULL32) size = next();
      if (compressedSize === FULL32) compressedSize = next();
      if (offset === FULL32) offset = next();
    }
    entries.push({ name, method: zip.u16(at + 10), encrypted: (flags & 1) !== 0, compressedSize, size, offset });
    at = nameEnd + extraLength + zip.u16(at + 32);
  }
  return entries;
}

/**
 * The entry's bytes, inflated. ZipTooLarge as soon as they pass `maxBytes` (counted as they inflate,
 * not as declared); ZipError for an entry that is damaged, encrypted, compressed another way, or not
 * of the size its header declares.
 */
export function entryBytes(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): Uint8Array {
  const zip = new Reader(bytes);
  if (zip.u32(entry.offset) !== LOCAL) throw new ZipError('an entry is not where the directory says');
  if (entry.encrypted) throw new ZipError('it is encrypted: export it without a password');
  const start = entry.offset + 30 + zip.u16(entry.offset + 26) + zip.u16(entry.offset + 28);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw new ZipError('it ends before its last entry does');
  const raw = bytes.subarray(start, end);
  let data: Uint8Array;
  if (entry.method === 0) {
    if (raw.length > maxBytes) throw new ZipTooLarge();
    data = raw;
  } else if (entry.method === 8) {
    try {
      // zlib stops, and throws, once its output passes maxOutputLength (at least 1)
      data = inflateRawSync(raw, { maxOutputLength: Math.max(1, maxBytes) });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipTooLarge();
      throw new ZipError(`an entry cannot be inflated (${(error as Error).message})`);
    }
    if (data.length > maxBytes) throw new ZipTooLarge();
  } else {
    throw new ZipError(`an entry is compressed with method ${entry.method}: use the ordinary (deflate) compression`);
  }
  if (data.length !== entry.size) throw new ZipError('an entry is not of the size its header declares');
  return data;
}
