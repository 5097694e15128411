import type { StatementFormat } from '@fluxo/domain';
import { rejectFile } from './rejection.ts';

// The format of a statement from its first bytes, never from its name or the declared content type.

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The format the file's start says, or null when it looks like none (binary, empty). */
export function detectFormat(head: Buffer): StatementFormat | null {
  if (head.length === 0) return null;
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  const text = head.toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, '');
  const start = text.trimStart();
  if (/^OFXHEADER\s*:/i.test(start) || /<OFX>/i.test(text) || /<\?OFX\b/i.test(text)) return 'ofx';
  if (start.startsWith('<')) {
    // A statement never needs a DTD: refused here before any parser is chosen.
    if (/<!DOCTYPE|<!ENTITY/.test(text)) {
      throw rejectFile(
        'DTD_FORBIDDEN',
        'The file declares a DTD or entities, which a statement never needs.',
      );
    }
    const version = /camt\.(05[234])\./.exec(text)?.[1];
    if (version) return `camt${version}` as StatementFormat;
    if (/<(\w+:)?BkToCstmrStmt\b/.test(text)) return 'camt053';
    if (/<(\w+:)?BkToCstmrAcctRpt\b/.test(text)) return 'camt052';
    if (/<(\w+:)?BkToCstmrDbtCdtNtfctn\b/.test(text)) return 'camt054';
    return null;
  }
  if (/^\{1:/.test(start) || (/(^|\n):20:/.test(text) && /\n:(61|60F|25):/.test(text))) return 'mt940';
  // Text without NUL bytes is read as CSV; the mapping step says whether it makes sense.
  if (head.subarray(0, 8192).includes(0)) return null;
  return 'csv';
}
