import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';

function outboxDir(): string {
  const dataDir = process.env.FLUXO_E2E_DATA_DIR;
  if (!dataDir) throw new Error('FLUXO_E2E_DATA_DIR is not set (see playwright.config.ts)');
  return path.join(dataDir, 'outbox');
}

/** The first group of `pattern` in the latest mail to an address that matches it. */
async function latestMatch(email: string, pattern: RegExp): Promise<string | null> {
  let files: string[];
  try {
    files = readdirSync(outboxDir()).filter((name) => name.endsWith('.eml'));
  } catch {
    return null;
  }
  // Names start with an ISO timestamp, so the last one sorted is the latest mail.
  for (const name of files.sort().reverse()) {
    const mail = await simpleParser(readFileSync(path.join(outboxDir(), name)));
    const to = Array.isArray(mail.to) ? mail.to.flatMap((a) => a.value) : (mail.to?.value ?? []);
    if (!to.some((address) => address.address?.toLowerCase() === email.toLowerCase())) continue;
    const found = pattern.exec(`${mail.subject ?? ''} ${mail.text ?? ''}`)?.[1];
    if (found) return found;
  }
  return null;
}

/** The validation code last mailed to an address (the server writes mail to DATA_DIR/outbox). */
export async function validationCode(email: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        code = await latestMatch(email, /\b(\d{6})\b/);
        return code;
      },
      { message: `a validation code mailed to ${email}`, timeout: 15_000 },
    )
    .not.toBeNull();
  return code!;
}

/** The invitation link last mailed to an address (its path and query, to open on the test's server). */
export async function invitationLink(email: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        link = await latestMatch(email, /https?:\/\/[^/\s]+(\/invitations\/accept\?token=[A-Za-z0-9_-]{43})/);
        return link;
      },
      { message: `an invitation mailed to ${email}`, timeout: 15_000 },
    )
    .not.toBeNull();
  return link!;
}
