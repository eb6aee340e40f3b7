/**
 * Checks an uploaded zip (an xlsx is one) before anything inflates it (issue 11.6: a 1 MB file that
 * inflates to gigabytes was inflated in memory). It reads the central directory itself and refuses:
 * more entries than `maxEntries`, a declared inflated total over `maxInflatedBytes`, ZIP64, entries
 * that do not lie back to back from the start of the file to the central directory (a streaming
 * reader would see a local entry the directory hides), and an entry whose data inflates to more than
 * it declares (counted while inflating and thrown away, so memory stays flat whatever the file says).
 * A checked zip can be rewritten with some entries first (withEntriesFirst), for readers that can
 * only stream entries in the order they need them.
 */
import { createInflateRaw } from 'node:zlib';

export interface ZipLimits {
  maxEntries: number;
  maxInflatedBytes: number;
}

/** Why a zip is refused: the entry count, the inflated size, or a file that is not a well-formed zip. */
export type ZipRefusal = 'entries' | 'inflated' | 'malformed';

export class ZipRefused extends Error {
  constructor(readonly reason: ZipRefusal) {
    super(`zip refused: ${reason}`);
  }
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const END_RECORD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const STORED = 0;
const DEFLATED = 8;

interface Entry {
  name: string;
  /** Where the entry's central directory record lies, and its length. */
  directoryAt: number;
  directoryLength: number;
  method: number;
  flags: number;
  compressedSize: number;
  inflatedSize: number;
  localOffset: number;
}

function endOfDirectory(zip: Buffer): { recordAt: number; entries: number; directorySize: number; directoryOffset: number } {
  const earliest = Math.max(0, zip.length - END_RECORD_SIZE - MAX_COMMENT);
  for (let at = zip.length - END_RECORD_SIZE; at >= earliest; at--) {
    if (zip.readUInt32LE(at) !== END_OF_DIRECTORY) continue;
    const entries = zip.readUInt16LE(at + 10);
    const directorySize = zip.readUInt32LE(at + 12);
    const directoryOffset = zip.readUInt32LE(at + 16);
    // ZIP64 marks these fields as all ones; no spreadsheet within the upload limit needs it.
    if (entries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) throw new ZipRefused('malformed');
    if (directoryOffset + directorySize > at) throw new ZipRefused('malformed');
    return { recordAt: at, entries, directorySize, directoryOffset };
  }
  throw new ZipRefused('malformed');
}

function directoryEntries(zip: Buffer, limits: ZipLimits): { entries: Entry[]; directoryOffset: number } {
  if (zip.length < END_RECORD_SIZE) throw new ZipRefused('malformed');
  const end = endOfDirectory(zip);
  if (end.entries > limits.maxEntries) throw new ZipRefused('entries');
  const entries: Entry[] = [];
  let inflatedTotal = 0;
  let at = end.directoryOffset;
  const directoryEnd = end.directoryOffset + end.directorySize;
  while (at < directoryEnd) {
    if (at + 46 > directoryEnd || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ZipRefused('malformed');
    if (entries.length === limits.maxEntries) throw new ZipRefused('entries');
    const directoryLength = 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const entry: Entry = {
      name: zip.toString('utf8', at + 46, Math.min(at + 46 + zip.readUInt16LE(at + 28), directoryEnd)),
      directoryAt: at,
      directoryLength,
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      inflatedSize: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
    };
    if (entry.compressedSize === 0xffffffff || entry.inflatedSize === 0xffffffff || entry.localOffset === 0xffffffff) throw new ZipRefused('malformed');
    if (entry.method !== STORED && entry.method !== DEFLATED) throw new ZipRefused('malformed');
    inflatedTotal += entry.inflatedSize;
    if (inflatedTotal > limits.maxInflatedBytes) throw new ZipRefused('inflated');
    entries.push(entry);
    at += directoryLength;
  }
  if (at !== directoryEnd || entries.length !== end.entries) throw new ZipRefused('malformed');
  return { entries, directoryOffset: end.directoryOffset };
}

/** Inflates `data` only to count its bytes; refuses as soon as it passes `declared`. */
function inflatedSizeWithin(data: Buffer, declared: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let total = 0;
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > declared) {
        inflate.destroy();
        reject(new ZipRefused('inflated'));
      }
    });
    inflate.on('error', () => reject(new ZipRefused('malformed')));
    inflate.on('end', () => (total === declared ? resolve() : reject(new ZipRefused('malformed'))));
    inflate.end(data);
  });
}

/** A checked zip: its entries in file order, each with where its local record (header, data, descriptor) ends. */
export interface CheckedZip {
  zip: Buffer;
  entries: (Entry & { localEnd: number })[];
  directoryOffset: number;
}

/** Resolves with the zip's layout when it is within the limits; rejects with ZipRefused otherwise. */
export async function checkZip(zip: Buffer, limits: ZipLimits): Promise<CheckedZip> {
  const { entries, directoryOffset } = directoryEntries(zip, limits);
  const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  const checked: CheckedZip['entries'] = [];
  let expectedOffset = 0;
  for (const entry of byOffset) {
    const at = entry.localOffset;
    if (at !== expectedOffset || at + 30 > directoryOffset || zip.readUInt32LE(at) !== LOCAL_HEADER) throw new ZipRefused('malformed');
    const dataStart = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    let dataEnd = dataStart + entry.compressedSize;
    if (dataEnd > directoryOffset) throw new ZipRefused('malformed');
    const data = zip.subarray(dataStart, dataEnd);
    if (entry.method === STORED) {
      if (entry.compressedSize !== entry.inflatedSize) throw new ZipRefused('malformed');
    } else {
      await inflatedSizeWithin(data, entry.inflatedSize);
    }
    // Bit 3: sizes and CRC follow the data (12 bytes, optionally after a signature).
    if (entry.flags & 0x08) dataEnd += dataEnd + 4 <= directoryOffset && zip.readUInt32LE(dataEnd) === DATA_DESCRIPTOR ? 16 : 12;
    expectedOffset = dataEnd;
    checked.push({ ...entry, localEnd: dataEnd });
  }
  if (expectedOffset !== directoryOffset) throw new ZipRefused('malformed');
  return { zip, entries: checked, directoryOffset };
}

/**
 * The same zip with the entries named in `first` moved to the front, in that order (the others keep
 * theirs), and its central directory and end record pointing at where each entry now lies. exceljs's
 * streaming reader needs the workbook, its relations and shared strings before a sheet: it fails on
 * a sheet that comes first (its writer does not fix the order, so its own files do so at random).
 */
export function withEntriesFirst({ zip, entries }: CheckedZip, first: readonly string[]): Buffer {
  const rank = (entry: Entry) => {
    const index = first.indexOf(entry.name);
    return index === -1 ? first.length : index;
  };
  const ordered = [...entries].sort((a, b) => rank(a) - rank(b));
  const records: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of ordered) {
    records.push(zip.subarray(entry.localOffset, entry.localEnd));
    const record = Buffer.from(zip.subarray(entry.directoryAt, entry.directoryAt + entry.directoryLength));
    record.writeUInt32LE(offset, 42);
    directory.push(record);
    offset += entry.localEnd - entry.localOffset;
  }
  const endRecord = Buffer.from(zip.subarray(endOfDirectory(zip).recordAt));
  endRecord.writeUInt32LE(offset, 16);
  return Buffer.concat([...records, ...directory, endRecord]);
}
