import { Zip, ZipPassThrough } from 'fflate';
import type { PartSink } from './zip-part-sink';

/** Local header (30) + central directory entry (46) + data descriptor (16) per entry, plus the name twice. */
const ENTRY_OVERHEAD = 92;
/** End of central directory record. */
const END_RECORD = 22;

const utf8 = new TextEncoder();

interface OpenPart {
  zip: Zip;
  sink: PartSink;
  /** Bytes the part will hold once closed, counted ahead as entries are added. */
  bytes: number;
  entries: number;
  ended: Promise<void>;
}

/**
 * A zip written as it is made and split into parts of at most `partBytes` (an entry bigger than
 * that gets a part of its own): entries are stored, not deflated (photos are compressed already),
 * each streamed out by fflate into a sink, so only the entry in hand is in memory. Each part is a
 * whole zip of its own, small enough for every unzip tool without Zip64.
 */
export class PartedZip {
  private readonly parts: Blob[] = [];
  private current: OpenPart | null = null;
  private failure: Error | null = null;

  constructor(
    private readonly partBytes: number,
    private readonly openSink: (index: number) => Promise<PartSink>,
  ) {}

  /** Calls run one after another: two adds arriving together must not both open a part. */
  private queue: Promise<unknown> = Promise.resolve();

  add(name: string, bytes: Uint8Array): Promise<void> {
    return this.inTurn(() => this.addNow(name, bytes));
  }

  /** Every part, in order; none when nothing was added. */
  finish(): Promise<Blob[]> {
    return this.inTurn(() => this.finishNow());
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.queue.then(work, work);
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async addNow(name: string, bytes: Uint8Array): Promise<void> {
    this.throwIfFailed();
    const size = bytes.byteLength + ENTRY_OVERHEAD + 2 * utf8.encode(name).byteLength;
    if (this.current && this.current.entries > 0 && this.current.bytes + size + END_RECORD > this.partBytes) await this.closePart();
    this.current ??= await this.openPart();
    const entry = new ZipPassThrough(name);
    entry.mtime = new Date();
    this.current.zip.add(entry);
    entry.push(bytes, true);
    this.current.bytes += size;
    this.current.entries += 1;
    this.throwIfFailed();
  }

  private async finishNow(): Promise<Blob[]> {
    if (this.current) await this.closePart();
    this.throwIfFailed();
    return this.parts.splice(0);
  }

  /** A write that failed (in fflate's callback) fails every later call. */
  private throwIfFailed(): void {
    if (this.failure) throw this.failure;
  }

  private async openPart(): Promise<OpenPart> {
    const sink = await this.openSink(this.parts.length + 1);
    let settle!: { resolve: () => void; reject: (e: unknown) => void };
    const ended = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    const zip = new Zip((error, chunk, final) => {
      if (error) {
        this.failure = error;
        settle.reject(error);
        return;
      }
      try {
        sink.write(chunk);
      } catch (writeError) {
        // A full disk: this zip cannot be finished; every later call says so.
        this.failure = writeError instanceof Error ? writeError : new Error(String(writeError));
        settle.reject(writeError);
        return;
      }
      if (final) settle.resolve();
    });
    return { zip, sink, bytes: END_RECORD, entries: 0, ended };
  }

  private async closePart(): Promise<void> {
    const part = this.current!;
    this.current = null;
    part.zip.end();
    await part.ended;
    this.parts.push(await part.sink.close());
  }
}
