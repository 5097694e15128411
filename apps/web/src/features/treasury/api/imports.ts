import type { ContractResponse } from '@fluxo/domain/contract';
import type { ColumnMapping } from '@fluxo/domain/treasury/contracts';
import {
  importStatementContract,
  listImportsContract,
  previewImportContract,
} from '@fluxo/domain/treasury/contracts';
import type { ImportResult } from '@fluxo/domain/treasury/model';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { treasuryKeys } from './keys.ts';
import { uploadFile } from './upload-file.ts';

export type ImportPreview = ContractResponse<typeof previewImportContract>;

/** POST …/imports/preview: the format, and for CSV/XLSX the first rows and a proposed mapping. */
export function previewImport(accountId: string, file: File, signal?: AbortSignal): Promise<ImportPreview> {
  return uploadFile<ImportPreview>({
    path: previewImportContract.path,
    params: { id: accountId },
    file,
    signal,
  });
}

export interface ImportOptions {
  uploadId: string;
  format?: ImportPreview['format'];
  mapping?: ColumnMapping;
  saveProfile?: boolean;
  profileName?: string;
}

/**
 * POST …/imports: the file into the account, all or nothing. Upload progress comes from the browser;
 * processing progress as UPDATE_UPLOAD_FILE_STATUS events for `uploadId`.
 */
export function importStatement(
  accountId: string,
  file: File,
  options: ImportOptions,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<ImportResult> {
  return uploadFile<ImportResult>({
    path: importStatementContract.path,
    params: { id: accountId },
    query: {
      uploadId: options.uploadId,
      format: options.format,
      mapping: options.mapping ? JSON.stringify(options.mapping) : undefined,
      saveProfile: options.saveProfile ? 'true' : undefined,
      profileName: options.saveProfile ? options.profileName : undefined,
    },
    file,
    onProgress,
    signal,
  });
}

/** GET …/imports: the account's past imports. */
export const importsQueryOptions = (organizationId: string, accountId: string) =>
  queryOptions({
    queryKey: treasuryKeys.imports(organizationId, accountId),
    queryFn: () => apiRequest(listImportsContract, { organizationId, params: { id: accountId } }),
    enabled: organizationId !== '' && accountId !== '',
  });
