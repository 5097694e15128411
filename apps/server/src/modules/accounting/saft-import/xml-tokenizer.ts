// A streaming XML tokenizer for the SAF-T import, written by hand because no library we could use is fast
// enough (docs/accounting-saft-import.md, "Bench"): on the same 100 MB file with empty handlers, saxes read
// 88 MB/s, htmlparser2 (xmlMode) 72.6 MB/s and sax-wasm 12.4 MB/s, while the import must reach half of
// libxml2's `xmllint --stream` (≈ 120 MB/s) with its schema rules and totals on top. It scans the decoded
// text with indexOf('<') and charCodeAt — no regular expression per token, no object per token — and only
// does what a SAF-T file needs, while refusing what is not well-formed XML:
//
// - elements (names checked, end tags matched against start tags, one root, no text outside it), attributes
//   (quoted, no `<`, no duplicates; handed over only when an element has any), the five predefined entities
//   and character references in texts and attribute values (anything else is malformed), CDATA sections,
//   comments (no `--` inside), processing instructions (skipped; the XML declaration only at the start),
//   line endings normalized (CR LF and CR → LF) in texts and attribute values;
// - a DOCTYPE is hostile (HOSTILE_XML); characters XML forbids (C0 controls but tab, LF and CR; U+FFFE,
//   U+FFFF), a truncated file or any other markup is malformed (MALFORMED_XML), both with their line.
//
// Line numbers count LF from 1 and stand at the `>` that ends the current tag (what saxes reported), kept
// eagerly at the cost of one comparison per token: the next newline's index is cached.
// Texts are handed to the handler only while `wantText` is set (the reader knows which it keeps); the
// others are checked (references, `]]>`) without being built.

export interface XmlHandler {
  /**
   * A start tag (also of an empty element, followed by `close`): its local name (without a prefix);
   * `attributes` is null when it has none; `index` numbers the distinct names (the same name, the same
   * index; -1 past the ones kept).
   */
  open(localName: string, attributes: Record<string, string> | null, index: number): void;
  /** Character data (possibly in pieces) inside the current element, while `wantText` is set. */
  text(value: string): void;
  close(): void;
}

/**
 * The tokenizer's whole code in one function that uses nothing from outside it (the classes, tables and
 * helpers are made by calling it): its source text (`Function.prototype.toString`) is also what the
 * worker thread runs (tokenizer-thread.ts), so the worker runs exactly this code, as compiled by whatever
 * loaded it (tsx, vitest, a bundle), without loading TypeScript itself.
 */
export function tokenizerModule() {
  class XmlFatal extends Error {
    constructor(
      readonly code: 'HOSTILE_XML' | 'MALFORMED_XML',
      message: string,
      readonly line: number,
    ) {
      super(message);
    }
  }

  /** 1: may stand inside a name; 3: may also start it (ASCII; other characters are accepted as both). */
  const NAME = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    const ch = String.fromCharCode(c);
    if (/[A-Za-z_:]/.test(ch)) NAME[c] = 3;
    else if (/[0-9.-]/.test(ch)) NAME[c] = 1;
  }
  const isNameStart = (c: number) => (c < 128 ? NAME[c] === 3 : c !== 0xfffe && c !== 0xffff);
  const isName = (c: number) => (c < 128 ? NAME[c] !== 0 : c !== 0xfffe && c !== 0xffff);
  const isSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 13;

  /** Characters XML 1.0 forbids (surrogates are left to the decoder). */
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML forbids are what it finds.
  const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
  /** A pending token (tag, comment, CDATA, PI) longer than this is refused rather than buffered. */
  const MAX_PENDING = 1024 * 1024;

  /** Distinct element names kept (the table holds 8192 slots: at most half full). */
  const MAX_INTERNED = 4096;

  // String methods are called as `charCodeAt.call(s, i)`, not `s.charCodeAt(i)`: once any module subclasses
  // String (redis 5's VerbatimString does, and the server imports redis), V8 stops inlining method calls
  // on strings in optimized code, and the reader ran at half speed (docs/accounting-saft-import.md).
  const { charCodeAt, indexOf, lastIndexOf, slice, startsWith } = String.prototype;

  /**
   * Whether `name` stands at `j` in `s`. Measured on 100 MB (tokenizing alone): comparing a slice (a short
   * string allocated per tag, young and cheap) 0.41–0.44 s, `indexOf` 0.43–0.45 s (and it searches on
   * when the name is not there), `startsWith` 0.49–0.52 s, a character loop 0.51–0.58 s.
   */
  const sameAt = (s: string, j: number, name: string): boolean => slice.call(s, j, j + name.length) === name;

  const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

  function localName(name: string): string {
    const colon = name.indexOf(':');
    return colon === -1 ? name : name.slice(colon + 1);
  }

  function isXmlChar(code: number): boolean {
    return (
      code === 9 ||
      code === 10 ||
      code === 13 ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      (code >= 0x10000 && code <= 0x10ffff)
    );
  }

  class XmlTokenizer {
    /** Set by the handler: whether the texts of the current element are wanted. */
    wantText = false;
    /** The line of the current position (1-based). */
    line = 1;

    private buf = '';
    /** Whether a token was read: the XML declaration may only come first. */
    private started = false;
    private rest = '';
    /** Newlines are counted up to here in `buf`; `nl` is the next one at or after it (`buf.length` if none). */
    private nl = 0;
    /** Next `&`, `]]>` and CR at or after the position they were last looked for (`buf.length` if none). */
    private amp = -1;
    private brackets = -1;
    private cr = -1;
    private readonly stack: string[] = [];
    private readonly internTable = new Int32Array(8192).fill(-1);
    private readonly internNames: string[] = [];
    private readonly internLocals: string[] = [];
    private uninterned = '';
    /** The interned index of each open element's name (-1: not interned). */
    private readonly indexes: number[] = [];
    /** The last tag read (see openTag) and, for each, the name of the start tag that followed it last. */
    private previous = -1;
    private readonly follows = new Int32Array(2 * MAX_INTERNED).fill(-1);
    private depth = 0;
    private rootSeen = false;
    private rootClosed = false;

    constructor(private readonly handler: XmlHandler) {}

    write(chunk: string): void {
      const bad = FORBIDDEN.exec(chunk);
      if (!bad) {
        this.feed(chunk);
        return;
      }
      // What comes before the character is read first (its errors come first), then the line of the character.
      this.feed(slice.call(chunk, 0, bad.index));
      this.count(this.buf.length);
      const code = (bad[0] as string).charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
      this.fail(`a character XML forbids (U+${code})`);
    }

    /** The end of the document: anything left open or unread is a truncated file. */
    end(): void {
      const s = this.rest;
      this.rest = '';
      this.setBuffer(s);
      this.count(s.length);
      if (this.depth > 0) this.fail(`unclosed tag: ${this.stack[this.depth - 1]}`);
      for (let k = 0; k < s.length; k++)
        if (!isSpace(charCodeAt.call(s, k)))
          this.fail('the file ends inside markup or with text outside the root');
      if (!this.rootSeen) this.fail('the document must contain a root element');
    }

    private fail(message: string): never {
      throw new XmlFatal('MALFORMED_XML', `The XML is malformed: ${message}.`, this.line);
    }

    private setBuffer(s: string, start = 0) {
      this.buf = s;
      const nl = indexOf.call(s, '\n', start);
      this.nl = nl === -1 ? s.length : nl;
      this.amp = -1;
      this.brackets = -1;
      this.cr = -1;
    }

    /** Moves the line count on to position `p` of the buffer. */
    private count(p: number) {
      if (this.nl >= p) return;
      const s = this.buf;
      let nl = this.nl;
      let line = this.line;
      while (nl < p) {
        line++;
        nl = indexOf.call(s, '\n', nl + 1);
        if (nl === -1) nl = s.length;
      }
      this.nl = nl;
      this.line = line;
    }

    private feed(chunk: string) {
      if (this.rest === '') {
        this.run(chunk, 0, false);
        return;
      }
      // The unfinished token left by the last chunk is finished with the new chunk's start up to its first
      // `<` (a tag cannot hold one), so that the big chunk is never copied into a concatenation.
      const lt = indexOf.call(chunk, '<');
      if (lt !== -1) {
        const rest = this.rest;
        this.rest = '';
        this.run(rest + slice.call(chunk, 0, lt), 0, true);
        if (this.rest === '') {
          this.run(chunk, lt, false);
          return;
        }
        // A comment, CDATA section or instruction spans it: the slow way.
        this.run(this.rest + slice.call(chunk, lt), 0, false);
        return;
      }
      const rest = this.rest;
      this.rest = '';
      this.run(rest + chunk, 0, false);
    }

    /** Reads `s` from `start`; `complete`: a `<` follows `s`, so a text at its end is whole. */
    private run(s: string, start: number, complete: boolean) {
      this.setBuffer(s, start);
      const n = s.length;
      let i = start;
      while (i < n) {
        const lt = indexOf.call(s, '<', i);
        if (lt === -1) {
          if (complete) {
            this.textRun(i, n);
            i = n;
          } else i = this.trailingText(i);
          break;
        }
        if (lt > i) this.textRun(i, lt);
        const c = charCodeAt.call(s, lt + 1);
        let next: number;
        if (c === 47 /* / */) next = this.closeTag(lt);
        else if (c === 33 /* ! */) next = this.bang(lt);
        else if (c === 63 /* ? */) next = this.instruction(lt);
        else if (lt + 1 < n) next = this.openTag(lt);
        else next = -1;
        if (next === -1) {
          i = lt;
          break;
        }
        i = next;
        this.started = true;
      }
      if (i < n) {
        this.rest = slice.call(s, i);
        if (this.rest.length > MAX_PENDING)
          throw new XmlFatal(
            'HOSTILE_XML',
            `A tag, comment or CDATA section longer than ${MAX_PENDING} characters.`,
            this.line,
          );
      }
    }

    /** Text with no `<` after it in the buffer: kept for the next chunk, or passed on in part when long. */
    private trailingText(i: number): number {
      const s = this.buf;
      if (s.length - i <= 64 * 1024) return i;
      if (this.depth === 0) this.textRun(i, s.length);
      // Keep the last two characters (`]]>`, CR LF across chunks) and an unterminated reference.
      let cut = s.length - 2;
      const amp = lastIndexOf.call(s, '&');
      if (amp >= i && indexOf.call(s, ';', amp) === -1) cut = Math.min(cut, amp);
      if (cut > i) this.textRun(i, cut);
      return Math.max(i, cut);
    }

    /** Character data from `start` to `end` (exclusive). */
    private textRun(start: number, end: number) {
      const s = this.buf;
      this.count(end);
      if (this.depth === 0) {
        for (let k = start; k < end; k++)
          if (!isSpace(charCodeAt.call(s, k))) this.fail('text outside the root element');
        return;
      }
      if (this.brackets < start) {
        this.brackets = indexOf.call(s, ']]>', start);
        if (this.brackets === -1) this.brackets = s.length;
      }
      if (this.brackets + 2 < end) this.fail('"]]>" in text');
      if (this.amp < start) {
        this.amp = indexOf.call(s, '&', start);
        if (this.amp === -1) this.amp = s.length;
      }
      if (!this.wantText) {
        if (this.amp < end) this.decode(start, end);
        return;
      }
      let value = this.amp < end ? this.decode(start, end) : slice.call(s, start, end);
      if (this.cr < start) {
        this.cr = indexOf.call(s, '\r', start);
        if (this.cr === -1) this.cr = s.length;
      }
      if (this.cr < end) value = value.replace(/\r\n?/g, '\n');
      this.handler.text(value);
    }

    /** Decodes the references of `s[start, end)` (the next `&` is `this.amp`, inside). */
    private decode(start: number, end: number): string {
      const s = this.buf;
      let out = '';
      let from = start;
      let a = this.amp;
      while (a < end) {
        const semi = indexOf.call(s, ';', a + 1);
        if (semi === -1 || semi >= end || semi - a > 32) this.fail('"&" that is not a complete reference');
        out += slice.call(s, from, a) + this.reference(slice.call(s, a + 1, semi));
        from = semi + 1;
        a = indexOf.call(s, '&', from);
        if (a === -1) a = s.length;
      }
      this.amp = a;
      return out + slice.call(s, from, end);
    }

    private reference(ref: string): string {
      const named = PREDEFINED[ref];
      if (named !== undefined) return named;
      if (ref.charCodeAt(0) === 35 /* # */) {
        const hex = ref.charCodeAt(1) === 120; /* x */
        const digits = ref.slice(hex ? 2 : 1);
        if (digits !== '' && (hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits)) {
          const code = Number.parseInt(digits, hex ? 16 : 10);
          if (isXmlChar(code)) return String.fromCodePoint(code);
        }
        this.fail(`"&${ref};" is not a character XML allows`);
      }
      this.fail(`undefined entity "&${ref.slice(0, 20)};"`);
    }

    /** `<name …>` or `<name …/>` at `lt`; returns the position after it, -1 when the buffer ends first. */
    private openTag(lt: number): number {
      const s = this.buf;
      const n = s.length;
      if (this.depth === 0 && this.rootClosed) {
        this.count(lt);
        this.fail('a second root element');
      }
      // The name is first guessed: the one that followed the last tag the last time (SAF-T repeats the
      // same sequences), compared in place. Otherwise it is scanned, hashed and looked up.
      let index = -1;
      let j = lt + 1;
      const previous = this.previous;
      const guess = previous < 0 ? -1 : (this.follows[previous] as number);
      if (guess >= 0) {
        const candidate = this.internNames[guess] as string;
        const length = candidate.length;
        if (sameAt(s, j, candidate) && j + length < n && !isName(charCodeAt.call(s, j + length))) {
          const m = length;
          index = guess;
          j += m;
        }
      }
      if (index === -1) {
        if (!isNameStart(charCodeAt.call(s, lt + 1))) {
          this.count(lt + 1);
          this.fail('a "<" that starts no tag');
        }
        let hash = 0;
        for (; j < n; j++) {
          const c = charCodeAt.call(s, j);
          if (!isName(c)) break;
          hash = (hash * 31 + c) | 0;
        }
        if (j >= n) return -1;
        index = this.intern(s, lt + 1, j, hash);
        if (previous >= 0) this.follows[previous] = index;
      }
      const name = index >= 0 ? (this.internNames[index] as string) : this.uninterned;
      const local = index >= 0 ? (this.internLocals[index] as string) : localName(name);
      let c = charCodeAt.call(s, j);
      let attributes: Record<string, string> | null = null;
      if (!(c === 62 /* > */ || c === 47) /* / */) {
        if (!isSpace(c)) {
          this.count(j);
          this.fail(`a character "${s[j]}" that cannot stand in the tag ${name}`);
        }
        // Attributes: the slow path (in SAF-T, only the root has any).
        const parsed = this.attributes(j, name);
        if (parsed === null) return -1;
        attributes = parsed.attributes;
        j = parsed.end;
        c = charCodeAt.call(s, j);
      }
      let selfClosing = false;
      if (c === 47) {
        if (j + 1 >= n) return -1;
        if (charCodeAt.call(s, j + 1) !== 62) {
          this.count(j);
          this.fail(`"/" not followed by ">" in the tag ${name}`);
        }
        selfClosing = true;
        j++;
      }
      this.count(j);
      this.indexes[this.depth] = index;
      // After a start tag, `previous` is the name's index times two; after an end tag, plus one.
      this.previous = index < 0 ? -1 : index * 2;
      this.stack[this.depth++] = name;
      this.rootSeen = true;
      this.handler.open(local, attributes, index);
      if (selfClosing) this.closeCurrent();
      return j + 1;
    }

    /**
     * The name `s[start, end)` as one string per distinct name: no string allocated per tag, its hash (and
     * the one Maps compute) kept, and no slice of the chunk kept alive. A few thousand names at most are
     * kept (a SAF-T schema has a few hundred); beyond, names are sliced as they come.
     */
    private intern(s: string, start: number, end: number, hash: number): number {
      const length = end - start;
      const mask = this.internTable.length - 1;
      let slot = hash & mask;
      for (;;) {
        const index = this.internTable[slot] as number;
        if (index === -1) break;
        const candidate = this.internNames[index] as string;
        if (candidate.length === length) {
          let k = 0;
          while (k < length && candidate[k] === s[start + k]) k++;
          if (k === length) return index;
        }
        slot = (slot + 1) & mask;
      }
      // A flat copy, not a slice of the chunk (one byte per character when it can: all SAF-T names are ASCII).
      const text = slice.call(s, start, end);
      let wide = false;
      for (let k = 0; k < text.length; k++) if (text.charCodeAt(k) > 0xff) wide = true;
      const name = !wide
        ? Buffer.from(text, 'latin1').toString('latin1')
        : Buffer.from(text, 'utf16le').toString('utf16le');
      if (this.internNames.length >= MAX_INTERNED) {
        this.uninterned = name;
        return -1;
      }
      this.internTable[slot] = this.internNames.length;
      this.internNames.push(name);
      this.internLocals.push(localName(name));
      return this.internNames.length - 1;
    }

    /** The attributes from `j` (a space) up to `>` or `/`: null when the buffer ends first. */
    private attributes(
      start: number,
      tag: string,
    ): { attributes: Record<string, string>; end: number } | null {
      const s = this.buf;
      const n = s.length;
      const attributes: Record<string, string> = {};
      let j = start;
      for (;;) {
        let spaced = false;
        while (j < n && isSpace(charCodeAt.call(s, j))) {
          j++;
          spaced = true;
        }
        if (j >= n) return null;
        const c = charCodeAt.call(s, j);
        if (c === 62 || c === 47) return { attributes, end: j };
        if (!spaced || !isNameStart(c)) {
          this.count(j);
          this.fail(`a malformed attribute in the tag ${tag}`);
        }
        const nameStart = j;
        while (j < n && isName(charCodeAt.call(s, j))) j++;
        const name = slice.call(s, nameStart, j);
        while (j < n && isSpace(charCodeAt.call(s, j))) j++;
        if (j >= n) return null;
        if (charCodeAt.call(s, j) !== 61 /* = */) {
          this.count(j);
          this.fail(`the attribute ${name} of ${tag} has no value`);
        }
        j++;
        while (j < n && isSpace(charCodeAt.call(s, j))) j++;
        if (j >= n) return null;
        const quote = s[j] as string;
        if (quote !== '"' && quote !== "'") {
          this.count(j);
          this.fail(`the value of the attribute ${name} of ${tag} is not quoted`);
        }
        const close = indexOf.call(s, quote, j + 1);
        if (close === -1) return null;
        const lt = indexOf.call(s, '<', j + 1);
        if (lt !== -1 && lt < close) {
          this.count(lt);
          this.fail(`"<" in the value of the attribute ${name} of ${tag}`);
        }
        let value = slice.call(s, j + 1, close);
        if (value.includes('&')) {
          const amp = this.amp;
          this.amp = indexOf.call(s, '&', j + 1);
          value = this.decode(j + 1, close);
          this.amp = amp;
        }
        if (Object.hasOwn(attributes, name)) {
          this.count(close);
          this.fail(`the attribute ${name} appears twice in the tag ${tag}`);
        }
        attributes[name] = value.replace(/\r\n?/g, ' ').replace(/[\t\n]/g, ' ');
        j = close + 1;
      }
    }

    private closeTag(lt: number): number {
      const s = this.buf;
      const top = this.depth > 0 ? (this.stack[this.depth - 1] as string) : '';
      const length = top.length;
      let k = lt + 2;
      // The open name compared in place (no string allocated per tag).
      const m = length > 0 && sameAt(s, k, top) ? length : 0;
      // The usual case, `</Name>`, without searching for `>`.
      if (m === length && length > 0 && charCodeAt.call(s, k + m) === 62) {
        this.count(k + m);
        this.closeCurrent();
        return k + m + 1;
      }
      const gt = indexOf.call(s, '>', lt + 2);
      if (gt === -1) return -1;
      if (m === length && length > 0) {
        k += m;
        while (k < gt && isSpace(charCodeAt.call(s, k))) k++;
      }
      this.count(gt);
      if (length === 0 || k !== gt) {
        let name = slice.call(s, lt + 2, gt).trim();
        if (name.length > 40) name = `${name.slice(0, 40)}…`;
        this.fail(
          length === 0 ? `an end tag ${name} with no start tag` : `the end tag ${name} does not close ${top}`,
        );
      }
      this.closeCurrent();
      return gt + 1;
    }

    private closeCurrent() {
      this.depth--;
      const index = this.indexes[this.depth] as number;
      this.previous = index < 0 ? -1 : index * 2 + 1;
      if (this.depth === 0) this.rootClosed = true;
      this.handler.close();
    }

    /** `<!--`, `<![CDATA[` or `<!DOCTYPE` at `lt`. */
    private bang(lt: number): number {
      const s = this.buf;
      const n = s.length;
      if (lt + 9 > n && !startsWith.call(s, '<!--', lt)) return -1;
      if (startsWith.call(s, '<!--', lt)) {
        const end = indexOf.call(s, '-->', lt + 4);
        if (end === -1) return -1;
        const dashes = indexOf.call(s, '--', lt + 4);
        this.count(end + 2);
        if (dashes < end) this.fail('"--" inside a comment');
        return end + 3;
      }
      if (startsWith.call(s, '<![CDATA[', lt)) {
        const end = indexOf.call(s, ']]>', lt + 9);
        if (end === -1) return -1;
        if (this.depth === 0) {
          this.count(lt);
          this.fail('a CDATA section outside the root element');
        }
        this.count(end + 2);
        if (this.wantText) {
          const value = slice.call(s, lt + 9, end);
          this.handler.text(value.includes('\r') ? value.replace(/\r\n?/g, '\n') : value);
        }
        return end + 3;
      }
      this.count(lt);
      // A DTD can only stand before the root (saxes raised its doctype event there only).
      if (startsWith.call(s, '<!DOCTYPE', lt) && !this.rootSeen)
        throw new XmlFatal(
          'HOSTILE_XML',
          'The file declares a DTD or entities, which a SAF-T file never needs.',
          this.line,
        );
      this.fail(`markup "${slice.call(s, lt, lt + 9)}" XML does not allow here`);
    }

    /** A processing instruction at `lt` (skipped); the XML declaration only at the start of the document. */
    private instruction(lt: number): number {
      const s = this.buf;
      const end = indexOf.call(s, '?>', lt + 2);
      if (end === -1) return -1;
      let j = lt + 2;
      while (j < end && isName(charCodeAt.call(s, j))) j++;
      const target = slice.call(s, lt + 2, j);
      this.count(end + 1);
      if (target === '' || (j < end && !isSpace(charCodeAt.call(s, j))))
        this.fail('a processing instruction with no target');
      if (target.toLowerCase() === 'xml' && (this.started || lt !== 0))
        this.fail('the XML declaration is not at the start of the file');
      return end + 2;
    }
  }

  return { XmlFatal, XmlTokenizer };
}

const tokenizer = tokenizerModule();
export const XmlFatal = tokenizer.XmlFatal;
export type XmlFatal = InstanceType<typeof XmlFatal>;
export const XmlTokenizer = tokenizer.XmlTokenizer;
export type XmlTokenizer = InstanceType<typeof XmlTokenizer>;
