// The part of archiver 5 (MIT, https://github.com/archiverjs/node-archiver) the data export uses; the
// package ships no types of its own.
declare module 'archiver' {
  import type { Readable, Transform } from 'node:stream';

  interface EntryData {
    name: string;
    date?: Date;
  }
  interface Archiver extends Transform {
    append(source: Readable | Buffer | string, data: EntryData): this;
    finalize(): Promise<void>;
    abort(): this;
    pointer(): number;
    on(event: 'entry', listener: (entry: EntryData) => void): this;
    on(event: 'warning' | 'error', listener: (error: Error) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
  function archiver(format: 'zip', options?: { zlib?: { level?: number } }): Archiver;
  export default archiver;
  export type { Archiver };
}
