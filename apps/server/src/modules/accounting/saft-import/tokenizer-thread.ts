import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type iconvLite from 'iconv-lite';
import { tokenizerModule, type XmlFatal, type XmlHandler, type XmlTokenizer } from './xml-tokenizer.ts';

// The SAF-T reader's second core (docs/accounting-saft-import.md, "Bench"): decoding and tokenizing run on
// a worker thread while the reader's thread runs the schema rules, totals and records on what it sends.
// The worker sends, per chunk of the file, one batch: an Int32Array of events (two integers each: the kind
// with a name id or a text length, and the line), the texts joined in one string, the names first seen
// and the attributes — transferred or copied once per batch, never per event. The reader sends at most
// AHEAD chunks before it handles their batches, so memory stays bounded (back-pressure).
//
// The worker is one per process, started at the first read and kept (unreferenced: it never holds the
// process open); a read that finds it busy, or a process where it cannot start, tokenizes on its own
// thread (reader.ts), with the same results. Its code is the tokenizer's own (`tokenizerModule`) and
// `workerMain` below, passed as source text: a worker started from a .ts file would need TypeScript
// loaded again in it (tsx: ≈ 250 ms per start, and not under vitest), an eval worker starts in ≈ 50 ms.

/** Event kinds (the low 3 bits of an event's first integer; the rest is a name id or a text length). */
export const EVENT_OPEN = 0;
export const EVENT_TEXT = 1;
export const EVENT_CLOSE = 2;
/** A start tag whose name is in the batch's texts (names beyond the id table's size). */
export const EVENT_OPEN_NAMED = 3;
/** Added to EVENT_OPEN or EVENT_OPEN_NAMED: the element has attributes (the batch's next). */
export const EVENT_ATTRIBUTES = 4;

/** Chunks sent ahead of the batches handled. */
export const AHEAD = 4;

export interface Batch {
  session: number;
  events: Int32Array;
  /** Integers used in `events`. */
  length: number;
  texts: string;
  /** The names first seen in the batch: their index (the tokenizer's), then the name. */
  names: (number | string)[];
  attributes: Record<string, string>[];
  /** The tokenizer refused the file here (after the events). */
  fatal: { code: 'HOSTILE_XML' | 'MALFORMED_XML'; message: string; line: number } | null;
  /** Anything else the worker threw. */
  error: string | null;
}

type WorkerMessage =
  | { type: 'start'; session: number; encoding: 'utf8' | 'win1252' }
  | { type: 'chunk'; session: number; bytes: Uint8Array }
  | { type: 'end'; session: number };

interface Port {
  on(event: 'message', listener: (message: WorkerMessage) => void): void;
  postMessage(message: unknown, transfer?: ArrayBuffer[]): void;
}

/**
 * The worker's loop. Runs in the worker from its source text: it may use only its parameters and
 * globals (hence the constants repeated here).
 */
export function workerMain(
  Tokenizer: new (handler: XmlHandler) => XmlTokenizer,
  Fatal: typeof XmlFatal,
  iconv: typeof iconvLite,
  port: Port,
): void {
  const OPEN = 0;
  const TEXT = 1;
  const CLOSE = 2;
  const OPEN_NAMED = 3;
  const ATTRIBUTES = 4;
  const MAX_NAMES = 8192;
  let session = -1;
  let tokenizer: XmlTokenizer | null = null;
  let decoder: { write(bytes: Buffer): string; end(): string | undefined } | null = null;
  let stopped = false;
  let events = new Int32Array(1 << 16);
  let length = 0;
  let texts: string[] = [];
  let names: (number | string)[] = [];
  let attributes: Record<string, string>[] = [];
  /** Which of the tokenizer's name indexes the reader was given. */
  const known = new Uint8Array(MAX_NAMES);

  const push = (head: number, line: number) => {
    if (length + 2 > events.length) {
      const bigger = new Int32Array(events.length * 2);
      bigger.set(events);
      events = bigger;
    }
    events[length++] = head;
    events[length++] = line;
  };
  const handler: XmlHandler = {
    open(name, attrs, index) {
      const t = tokenizer as XmlTokenizer;
      const extra = attrs === null ? 0 : ATTRIBUTES;
      if (attrs !== null) attributes.push(attrs);
      if (index >= 0 && index < MAX_NAMES) {
        if (known[index] === 0) {
          known[index] = 1;
          names.push(index, name);
        }
        push(OPEN + extra + index * 8, t.line);
      } else {
        texts.push(name);
        push(OPEN_NAMED + extra + name.length * 8, t.line);
      }
      // The reader keeps the texts of leaves (and of unknown elements) only; it drops the others.
      t.wantText = true;
    },
    text(value) {
      const line = (tokenizer as XmlTokenizer).line;
      // A length fits the 28 bits left (a chunk's text may be longer: in pieces).
      for (let from = 0; from < value.length; from += 1 << 26) {
        const piece = value.length <= 1 << 26 ? value : value.slice(from, from + (1 << 26));
        texts.push(piece);
        push(TEXT + piece.length * 8, line);
      }
    },
    close() {
      const t = tokenizer as XmlTokenizer;
      push(CLOSE, t.line);
      t.wantText = false;
    },
  };

  const send = (fatal: Batch['fatal'], error: string | null) => {
    const batch: Batch = {
      session,
      events,
      length,
      texts: texts.join(''),
      names,
      attributes,
      fatal,
      error,
    };
    port.postMessage(batch, [events.buffer as ArrayBuffer]);
    events = new Int32Array(Math.max(1 << 16, length));
    length = 0;
    texts = [];
    names = [];
    attributes = [];
  };

  port.on('message', (message) => {
    if (message.type === 'start') {
      session = message.session;
      tokenizer = new Tokenizer(handler);
      decoder = iconv.getDecoder(message.encoding, { stripBOM: true });
      stopped = false;
      known.fill(0);
      length = 0;
      texts = [];
      names = [];
      attributes = [];
      return;
    }
    if (message.session !== session || tokenizer === null || decoder === null) return;
    let fatal: Batch['fatal'] = null;
    let error: string | null = null;
    try {
      if (stopped) {
        // Refused already: the reader stops at that batch.
      } else if (message.type === 'chunk') {
        const bytes = message.bytes;
        tokenizer.write(decoder.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
      } else {
        const rest = decoder.end();
        if (rest) tokenizer.write(rest);
        tokenizer.end();
      }
    } catch (thrown) {
      stopped = true;
      if (thrown instanceof Fatal) fatal = { code: thrown.code, message: thrown.message, line: thrown.line };
      else error = thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown);
    }
    send(fatal, error);
  });
}

/** The worker's source: the tokenizer module and the loop, as this process compiled them. */
export function workerSource(): string {
  const iconvPath = createRequire(import.meta.url).resolve('iconv-lite');
  return [
    "'use strict';",
    // esbuild (tsx) names functions with a module-level helper the function texts may call.
    'var __name = (target, value) => Object.defineProperty(target, "name", { value, configurable: true });',
    `const { XmlTokenizer, XmlFatal } = (${tokenizerModule.toString()})();`,
    "const { parentPort } = require('node:worker_threads');",
    // A self-test: a worker whose code cannot run says so before any file is given to it.
    'const probe = new XmlTokenizer({ open() {}, text() {}, close() {} });',
    "probe.write('<a>b</a>');",
    'probe.end();',
    `(${workerMain.toString()})(XmlTokenizer, XmlFatal, require(${JSON.stringify(iconvPath)}), parentPort);`,
    "parentPort.postMessage('ready');",
  ].join('\n');
}

/** The reader's side of the worker: one session (one file) at a time. */
export class TokenizerThread {
  private session = 0;
  private busy = false;
  private readonly batches: Batch[] = [];
  private waiter: { resolve: (batch: Batch) => void; reject: (error: Error) => void } | null = null;
  private failure: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: Batch | 'ready') => {
      if (message === 'ready' || message.session !== this.session) return;
      if (this.waiter) {
        const waiter = this.waiter;
        this.waiter = null;
        waiter.resolve(message);
      } else this.batches.push(message);
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      this.waiter?.reject(this.failure);
      this.waiter = null;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The SAF-T tokenizer thread exited (${code}).`)));
    // Idle, it never holds the process open (after the listeners: adding one refers the port again).
    worker.unref();
  }

  /** Starts the worker; null when it cannot run here (the reader then tokenizes on its own thread). */
  static async start(source = workerSource()): Promise<TokenizerThread | null> {
    let worker: Worker;
    try {
      worker = new Worker(source, { eval: true, execArgv: [] });
    } catch {
      return null;
    }
    const ready = await new Promise<boolean>((resolve) => {
      worker.once('message', (message) => resolve(message === 'ready'));
      worker.once('error', () => resolve(false));
      worker.once('exit', () => resolve(false));
    });
    if (!ready) {
      await worker.terminate();
      return null;
    }
    return new TokenizerThread(worker);
  }

  get available(): boolean {
    return !this.busy && this.failure === null;
  }

  /** Starts a file; the caller must call `release` when it stops reading it, whatever happens. */
  begin(encoding: 'utf8' | 'win1252'): void {
    this.busy = true;
    this.session++;
    this.batches.length = 0;
    this.worker.ref();
    this.post({ type: 'start', session: this.session, encoding });
  }

  /** Sends a chunk (copied: the caller's buffer may be pooled and reused). */
  send(chunk: Buffer): void {
    const bytes = new Uint8Array(chunk.length);
    bytes.set(chunk);
    this.post({ type: 'chunk', session: this.session, bytes }, [bytes.buffer]);
  }

  end(): void {
    this.post({ type: 'end', session: this.session });
  }

  /** The next batch, in the order of the chunks (and the end) sent. */
  next(): Promise<Batch> {
    const batch = this.batches.shift();
    if (batch) return Promise.resolve(batch);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }

  release(): void {
    this.busy = false;
    // Batches still coming for this session are dropped when they arrive (their session is over).
    this.session++;
    this.batches.length = 0;
    this.worker.unref();
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }

  private post(message: WorkerMessage, transfer?: ArrayBuffer[]) {
    this.worker.postMessage(message, transfer);
  }
}

let shared: Promise<TokenizerThread | null> | null = null;

/** The process's tokenizer thread, started at the first call; null where it cannot run. */
export function tokenizerThread(): Promise<TokenizerThread | null> {
  shared ??= TokenizerThread.start();
  return shared;
}

/** Tests: replaces the process's thread (a source that cannot run checks the fallback). */
export async function resetTokenizerThread(source?: string): Promise<void> {
  const previous = shared ? await shared : null;
  await previous?.terminate();
  shared = source === undefined ? null : TokenizerThread.start(source);
}
