import multipart from '@fastify/multipart';
import {
  confirmSaftImportContract,
  createSaftImportContract,
  getSaftImportContract,
  listSaftImportsContract,
  onboardSaftImportContract,
  PermissionFlag,
  SAFT_IMPORT_MAX_BYTES,
  SAFT_PUBLIC_KEY_MAX_BYTES,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '../../../platform/access.ts';
import { AppError } from '../../../platform/errors.ts';
import { requireOrg, requireSession } from '../../../platform/guard.ts';
import { addRoute } from '../../../platform/route.ts';
import type { AccountingDeps } from '../accounting.routes.ts';
import * as service from './saft-import.service.ts';

// SAF-T import routes (resource accounting.saft): importing writes into the organization's books, so it
// takes CREATE; following an import takes VIEW.
const IMPORT: Access = { kind: 'org', resource: 'accounting.saft', flag: PermissionFlag.CREATE };
const VIEW: Access = { kind: 'org', resource: 'accounting.saft', flag: PermissionFlag.VIEW };
/** Onboarding creates an organization of the caller's own (within their plan) and imports into it. */
const ONBOARD: Access = {
  kind: 'user',
  detail: 'creates an organization owned by the caller, within their plan',
};

function viewer(request: FastifyRequest): service.SaftViewer {
  return { organizationId: requireOrg(request).id, userId: requireSession(request).userId };
}

const PEM = /^-----BEGIN (RSA )?PUBLIC KEY-----[\s\S]+-----END (RSA )?PUBLIC KEY-----\s*$/;

/**
 * Reads the multipart form: the `file` part is spooled to disk as it arrives (under the organization's
 * folder, or `onboarding` before the organization exists), `publicKey` kept as text.
 */
async function receive(request: FastifyRequest, deps: service.SaftImportDeps, folder: string) {
  if (!request.isMultipart())
    throw new AppError(
      'SAFT_IMPORT_FILE_MISSING',
      'Send the SAF-T file as multipart/form-data (field "file").',
    );
  let file: service.SpooledSaft | null = null;
  let fileName = '';
  let publicKey: string | null = null;
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: SAFT_IMPORT_MAX_BYTES,
        files: 2,
        fields: 4,
        fieldSize: SAFT_PUBLIC_KEY_MAX_BYTES,
        parts: 6,
      },
    })) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && !file) {
          file = await service.spoolSaft(part.file, deps.dataDir, folder);
          fileName = part.filename ?? '';
        } else if (part.fieldname === 'publicKey') {
          const chunks: Buffer[] = [];
          let size = 0;
          for await (const chunk of part.file as AsyncIterable<Buffer>) {
            size += chunk.length;
            if (size > SAFT_PUBLIC_KEY_MAX_BYTES)
              throw new AppError('SAFT_PUBLIC_KEY_INVALID', 'The public key is too long.');
            chunks.push(chunk);
          }
          publicKey = Buffer.concat(chunks).toString('utf8');
        } else part.file.resume();
      } else if (part.fieldname === 'publicKey' && typeof part.value === 'string' && part.value.trim()) {
        publicKey = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('FILE_TOO_LARGE', 'The file is larger than 1 GB.');
    throw new AppError('MALFORMED_BODY', 'The multipart form could not be read.');
  }
  if (!file) throw new AppError('SAFT_IMPORT_FILE_MISSING', 'Send the SAF-T file in the "file" field.');
  if (publicKey !== null) {
    publicKey = publicKey.trim();
    if (!PEM.test(publicKey)) {
      await import('node:fs/promises').then((fs) =>
        fs.rm((file as service.SpooledSaft).path, { force: true }),
      );
      throw new AppError('SAFT_PUBLIC_KEY_INVALID', 'The public key is not a PEM public key.');
    }
  }
  return { file, fileName, publicKey };
}

export function saftImportRoutes(app: FastifyInstance, deps: AccountingDeps): void {
  const importDeps: service.SaftImportDeps = { db: deps.db, dataDir: deps.dataDir };
  app.addHook('onReady', async () => {
    const resumed = await service.resumeSaftImports(importDeps);
    if (resumed > 0) app.log.info({ resumed }, 'SAF-T imports interrupted by a restart started again');
  });
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: SAFT_IMPORT_MAX_BYTES } });
    addRoute(
      scope,
      createSaftImportContract,
      IMPORT,
      async ({ request }) => {
        const who = viewer(request);
        const received = await receive(request, importDeps, who.organizationId);
        return service.createSaftImport(importDeps, who, received);
      },
      { bodyLimit: SAFT_IMPORT_MAX_BYTES + 1024 * 1024 },
    );
    addRoute(
      scope,
      onboardSaftImportContract,
      ONBOARD,
      async ({ request }) => {
        const received = await receive(request, importDeps, 'onboarding');
        return service.onboardFromSaft(importDeps, requireSession(request).userId, received);
      },
      { bodyLimit: SAFT_IMPORT_MAX_BYTES + 1024 * 1024 },
    );
  });
  addRoute(app, listSaftImportsContract, VIEW, async ({ request }) =>
    service.listSaftImports(importDeps, requireOrg(request).id),
  );
  addRoute(app, getSaftImportContract, VIEW, async ({ params, request }) =>
    service.getSaftImport(importDeps, requireOrg(request).id, params.id),
  );
  addRoute(app, confirmSaftImportContract, IMPORT, async ({ params, request }) =>
    service.confirmSaftImport(importDeps, viewer(request), params.id),
  );
}
