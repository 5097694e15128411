import {
  deleteImportProfileContract,
  importStatementContract,
  listImportProfilesContract,
  listImportsContract,
  PermissionFlag,
  previewImportContract,
  STATEMENT_MAX_BYTES,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '../../../platform/access.ts';
import { AppError } from '../../../platform/errors.ts';
import { requireOrg, requireSession } from '../../../platform/guard.ts';
import { decodeFileNameHeader } from '../../../platform/raw-upload.ts';
import { addRoute } from '../../../platform/route.ts';
import type { TreasuryViewer } from '../accounts/account-scope.ts';
import type { TreasuryDeps } from '../treasury.routes.ts';
import * as imports from './imports.service.ts';

// Importing a statement feeds an account, so it takes treasury.cash CREATE; reading the history of imports
// takes treasury.cash VIEW. Saved column mappings are account settings (treasury.cashConfigs), but saving
// one while importing needs only the import's permission: it describes a bank's file layout, nothing more.
const IMPORT: Access = { kind: 'org', resource: 'treasury.cash', flag: PermissionFlag.CREATE };
const VIEW_IMPORTS: Access = { kind: 'org', resource: 'treasury.cash', flag: PermissionFlag.VIEW };
const VIEW_PROFILES: Access = { kind: 'org', resource: 'treasury.cashConfigs', flag: PermissionFlag.VIEW };
const DELETE_PROFILES: Access = {
  kind: 'org',
  resource: 'treasury.cashConfigs',
  flag: PermissionFlag.DELETE,
};

function viewer(request: FastifyRequest): TreasuryViewer {
  const org = requireOrg(request);
  return { organizationId: org.id, userId: requireSession(request).userId, role: org.role };
}

/** Refuses a body announced larger than the limit before reading any of it. */
function checkDeclaredLength(request: FastifyRequest): void {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > STATEMENT_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', 'The file is larger than 64 MB.');
}

export function importRoutes(app: FastifyInstance, deps: TreasuryDeps): void {
  const importDeps: imports.ImportDeps = { db: deps.db, config: deps.config };

  // The statement is the raw body, whatever its declared type (banks' files come as octet-stream, text/csv,
  // application/xml, application/x-ofx…): the parser hands the stream on unread, and the service writes it
  // to disk under the size limit once the guard has let the caller in.
  // The stream is kept aside rather than made the body: the input guard walks bodies, and over HTTP a
  // request stream refers back to itself through its socket.
  const streams = new WeakMap<object, unknown>();
  const keepStream = (
    request: FastifyRequest,
    payload: unknown,
    done: (error: null, body?: unknown) => void,
  ) => {
    streams.set(request.raw, payload);
    done(null, undefined);
  };
  const bodyOf = (request: FastifyRequest) => streams.get(request.raw) ?? request.body;
  app.register(async (raw) => {
    raw.addContentTypeParser('*', keepStream);
    raw.addContentTypeParser(/^(text\/|application\/(xml|octet-stream|x-ofx|ofx|vnd\.))/, keepStream);
    addRoute(raw, previewImportContract, IMPORT, async ({ params, query, request }) => {
      checkDeclaredLength(request);
      return imports.previewStatement(importDeps, viewer(request), params.id, bodyOf(request), query);
    });
    addRoute(raw, importStatementContract, IMPORT, async ({ params, query, request }) => {
      checkDeclaredLength(request);
      return imports.importStatement(importDeps, viewer(request), params.id, bodyOf(request), {
        ...query,
        fileName: fileNameOf(request.headers['x-file-name']),
      });
    });
  });

  addRoute(app, listImportsContract, VIEW_IMPORTS, async ({ params, request }) =>
    imports.listAccountImports(importDeps, viewer(request), params.id),
  );
  addRoute(app, listImportProfilesContract, VIEW_PROFILES, async ({ request }) =>
    imports.listImportProfiles(importDeps, requireOrg(request).id),
  );
  addRoute(app, deleteImportProfileContract, DELETE_PROFILES, async ({ params, request }) =>
    imports.deleteImportProfile(importDeps, requireOrg(request).id, params.id),
  );
}

/** An import's file name, when the browser sent one (at most 300 characters). */
function fileNameOf(value: string | string[] | undefined): string | null {
  return value === undefined ? null : decodeFileNameHeader(value).slice(0, 300) || null;
}
