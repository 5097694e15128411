import { convertDocumentContract, createCreditNoteContract, PermissionFlag } from '@fluxo/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireOrg, requireSession } from '../../platform/guard.ts';
import { addRoute } from '../../platform/route.ts';
import { convertDocument, createCreditNote } from './conversion.service.ts';
import { onceOnly } from './once-only.ts';
import type { SigningKey } from './signing-key.ts';

/** A quote or pro forma converted into an invoice, and the credit note of an invoice: both drafts. */
export function conversionRoutes(app: FastifyInstance, deps: { db: Db; signingKey: SigningKey }): void {
  const { db } = deps;
  const access = { kind: 'org', resource: 'billing.documents', flag: PermissionFlag.CREATE } as const;

  addRoute(app, convertDocumentContract, access, async ({ request, reply, params, body }) =>
    onceOnly(db, request, reply, `billing.documents.convert.${params.id}`, body, (tx) =>
      convertDocument(deps, tx, requireOrg(request).id, requireSession(request).userId, params.id, body),
    ),
  );

  addRoute(app, createCreditNoteContract, access, async ({ request, reply, params, body }) =>
    onceOnly(db, request, reply, `billing.documents.credit-note.${params.id}`, body, (tx) =>
      createCreditNote(deps, tx, requireOrg(request).id, requireSession(request).userId, params.id, body),
    ),
  );
}
