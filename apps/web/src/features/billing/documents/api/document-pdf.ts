import { defineContract } from '@fluxo/domain/contract';
import { z } from 'zod';
import { apiDownload } from '../../../../lib/api/binary.ts';

/** The document's PDF (rendered on the server by the PDF part of billing). */
const documentPdfContract = defineContract({
  method: 'GET',
  path: '/api/v1/billing/documents/:id/pdf',
  params: z.object({ id: z.uuid() }),
  response: z.string(),
});

/**
 * Opens the PDF in a new tab. The call needs the bearer token, which a plain link cannot carry: the
 * tab is opened at once (inside the click, so no pop-up blocker stops it) and shown the file when it
 * arrives; it is closed again if the file cannot be had.
 */
export async function openDocumentPdf(id: string, fallbackName: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { blob } = await apiDownload(documentPdfContract, { params: { id } }, fallbackName);
    const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    // The tab has loaded the file by then; the URL is not needed after that.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
