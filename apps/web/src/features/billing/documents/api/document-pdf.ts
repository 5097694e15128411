import { documentPdfContract } from '@fluxo/domain/billing/pdf-contracts';
import { apiDownload } from '../../../../lib/api/binary.ts';

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
