import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// pdf.js parses in a worker loaded from the app's own origin (the bundler copies the file), which the
// CSP allows (`worker-src 'self'`, `script-src 'self'`): no blob: worker, no inline script. Loaded only
// when a PDF is read, so that its weight stays out of every other page.
GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * Opens a PDF for rendering. `isEvalSupported: false`: pdf.js would otherwise compile font outlines
 * with `new Function`, which the CSP (no 'unsafe-eval') refuses.
 */
export function openPdf(data: Uint8Array) {
  return getDocument({ data, isEvalSupported: false }).promise;
}
