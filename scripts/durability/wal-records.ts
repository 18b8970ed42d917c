/**
 * A small reader of PostgreSQL's write-ahead log files, for the durability test: it walks the records of the
 * segment files in a `pg_wal` folder and says where each transaction's commit record ends, so the test can tie an
 * HTTP answer to the exact WAL bytes that made its transaction durable (scripts/durability-test.ts).
 *
 * Only what that needs: page headers (short and long), records split across pages, and the record header
 * (xl_tot_len, xl_xid, xl_info, xl_rmid). Layouts as in PostgreSQL's access/xlog_internal.h and access/xlogrecord.h;
 * integers are little-endian (the machines this runs on).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** XLOG_BLCKSZ: the WAL page size. */
export const WAL_PAGE_SIZE = 8192;
/** SizeOfXLogShortPHD and SizeOfXLogLongPHD (MAXALIGNed). */
export const SHORT_PAGE_HEADER = 24;
export const LONG_PAGE_HEADER = 40;
const XLP_LONG_HEADER = 0x0002;
/** SizeOfXLogRecord. */
const RECORD_HEADER = 24;
/** RM_XACT_ID, and the opcode bits of xl_info for a transaction record. */
const RM_XACT_ID = 1;
const XLOG_XACT_OPMASK = 0x70;
const XLOG_XACT_COMMIT = 0x00;

export interface WalRecord {
  /** LSN of the record's first byte and of the byte after its last one. */
  start: bigint;
  end: bigint;
  xid: number;
  rmid: number;
  info: number;
  /** The whole record (header included), reassembled across pages. */
  bytes: Buffer;
}

export interface WalSegment {
  /** The file's name, e.g. 000000010000000000000001. */
  name: string;
  /** LSN of the segment's first byte. */
  base: bigint;
  size: number;
}

const maxAlign = (n: bigint) => (n + 7n) & ~7n;

/** The segment's number from its file name (timeline, then the high and low halves of the segment number). */
function segmentBase(name: string, segmentSize: number): bigint {
  const high = BigInt(`0x${name.slice(8, 16)}`);
  const low = BigInt(`0x${name.slice(16, 24)}`);
  const perId = 0x1_0000_0000n / BigInt(segmentSize);
  return (high * perId + low) * BigInt(segmentSize);
}

/**
 * Every record of the segments in `walDir`, in LSN order, from the first record that starts in the oldest segment
 * to the end of the written WAL (a zero length or a page that belongs to another LSN ends it).
 */
export function readWalRecords(walDir: string): { records: WalRecord[]; segments: WalSegment[] } {
  const names = readdirSync(walDir).filter((name) => /^[0-9A-F]{24}$/.test(name)).sort();
  if (names.length === 0) return { records: [], segments: [] };
  const files = names.map((name) => ({ name, data: readFileSync(path.join(walDir, name)) }));
  const segmentSize = files[0]!.data.readUInt32LE(32); // xlp_seg_size in the first page's long header
  const segments = files.map(({ name, data }) => ({ name, base: segmentBase(name, segmentSize), size: data.length }));

  // The WAL as one byte stream without page headers, and for each piece of it the LSN where it lives.
  const pieces: { lsn: bigint; bytes: Buffer }[] = [];
  let expected: bigint | null = null;
  let started = false;
  walk: for (const [index, { data }] of files.entries()) {
    const base = segments[index]!.base;
    if (expected !== null && base !== expected) break; // a gap: stop at what is contiguous
    for (let offset = 0; offset + WAL_PAGE_SIZE <= data.length; offset += WAL_PAGE_SIZE) {
      const pageAddress = data.readBigUInt64LE(offset + 8);
      if (data.readUInt16LE(offset) === 0 || pageAddress !== base + BigInt(offset)) break walk; // never written, or recycled
      const header = data.readUInt16LE(offset + 2) & XLP_LONG_HEADER ? LONG_PAGE_HEADER : SHORT_PAGE_HEADER;
      let begin = header;
      if (!started) {
        // The oldest page we have may begin with the tail of a record from an older segment (xlp_rem_len):
        // the first whole record starts after it, MAXALIGNed.
        begin = header + Number(maxAlign(BigInt(data.readUInt32LE(offset + 16))));
        if (begin >= WAL_PAGE_SIZE) continue;
        started = true;
      }
      pieces.push({ lsn: base + BigInt(offset + begin), bytes: data.subarray(offset + begin, offset + WAL_PAGE_SIZE) });
    }
    expected = base + BigInt(data.length);
  }

  const stream = Buffer.concat(pieces.map((piece) => piece.bytes));
  // Maps a position in `stream` to its LSN (pieces are in order; binary search on their starts).
  const starts: number[] = [];
  let total = 0;
  for (const piece of pieces) {
    starts.push(total);
    total += piece.bytes.length;
  }
  const lsnAt = (position: number): bigint => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= position) low = middle;
      else high = middle - 1;
    }
    return pieces[low]!.lsn + BigInt(position - starts[low]!);
  };

  const records: WalRecord[] = [];
  let position = 0;
  while (position + RECORD_HEADER <= stream.length) {
    const length = stream.readUInt32LE(position);
    if (length < RECORD_HEADER || position + length > stream.length) break; // the end of the written WAL
    const start = lsnAt(position);
    const last = lsnAt(position + length - 1);
    records.push({
      start,
      end: last + 1n,
      xid: stream.readUInt32LE(position + 4),
      info: stream.readUInt8(position + 16),
      rmid: stream.readUInt8(position + 17),
      bytes: stream.subarray(position, position + length),
    });
    // The next record starts at the next MAXALIGNed LSN; page headers are MAXALIGNed, so the stream agrees.
    position += Number(maxAlign(BigInt(length)));
  }
  return { records, segments };
}

/** Whether a record is a transaction's commit record (not an abort, not a prepared transaction's). */
export function isCommit(record: WalRecord): boolean {
  return record.rmid === RM_XACT_ID && (record.info & XLOG_XACT_OPMASK) === XLOG_XACT_COMMIT;
}

/**
 * The commit record of the transaction that first wrote `marker` into the WAL (its row), or null when no record
 * holds the marker or its transaction has no commit record.
 */
export function commitOfFirstWrite(records: WalRecord[], marker: Buffer): WalRecord | null {
  const index = records.findIndex((record) => record.bytes.includes(marker));
  if (index < 0) return null;
  const { xid } = records[index]!;
  if (xid === 0) return null;
  return records.slice(index + 1).find((record) => record.xid === xid && isCommit(record)) ?? null;
}

/** The segment file holding the byte at `lsn`, and the byte's offset in it. */
export function locate(segments: WalSegment[], lsn: bigint): { name: string; offset: number } | null {
  const segment = segments.find((s) => lsn >= s.base && lsn < s.base + BigInt(s.size));
  return segment ? { name: segment.name, offset: Number(lsn - segment.base) } : null;
}
