import jsQR from 'jsqr';

// The browser reads the AT QR code of a supplier's invoice: a photo is drawn to a canvas, a PDF's first
// pages are rendered to one (pdf.js), and the pixels go to jsQR. Nothing leaves the device but the
// decoded text, which the server then checks (POST /billing/purchases/read-qr).

/** Invoices print the QR code on the first page, sometimes on the last of a short document. */
const MAX_PDF_PAGES = 3;
/** PDF render scales tried in turn: 2 suffices for a printed code, 4 for a small one. */
const PDF_SCALES = [2, 4];
/** Longest side a photo is drawn at, then smaller: jsQR finds large codes better at a lower size. */
const IMAGE_SIDES = [2000, 1000];

/** The text of the QR code in RGBA pixels, or null when none is found. */
export function decodeQrPixels(data: Uint8ClampedArray, width: number, height: number): string | null {
  const found = jsQR(data, width, height, { inversionAttempts: 'attemptBoth' });
  return found?.data ? found.data : null;
}

function canvasOf(width: number, height: number) {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width));
  canvas.height = Math.max(1, Math.round(height));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D canvas');
  return { canvas, context };
}

function decodeCanvas(canvas: HTMLCanvasElement, context: CanvasRenderingContext2D): string | null {
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  return decodeQrPixels(image.data, image.width, image.height);
}

/** Whether the bytes are a PDF (its `%PDF-` header), whatever the file's name or declared type. */
export async function isPdfFile(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
  return String.fromCharCode(...head) === '%PDF-';
}

async function decodeImage(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    for (const side of IMAGE_SIDES) {
      const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
      const { canvas, context } = canvasOf(bitmap.width * scale, bitmap.height * scale);
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const text = decodeCanvas(canvas, context);
      if (text) return text;
    }
    return null;
  } finally {
    bitmap.close();
  }
}

async function decodePdf(file: Blob): Promise<string | null> {
  const { openPdf } = await import('./pdfjs.ts');
  const pdf = await openPdf(new Uint8Array(await file.arrayBuffer()));
  try {
    const pages = [...new Set([1, 2, MAX_PDF_PAGES, pdf.numPages])].filter((n) => n <= pdf.numPages);
    for (const scale of PDF_SCALES) {
      for (const number of pages) {
        const page = await pdf.getPage(number);
        const viewport = page.getViewport({ scale });
        const { canvas, context } = canvasOf(viewport.width, viewport.height);
        // A white sheet under the page: a transparent background reads as black to the decoder.
        context.fillStyle = '#fff';
        context.fillRect(0, 0, canvas.width, canvas.height);
        await page.render({ canvas, canvasContext: context, viewport }).promise;
        const text = decodeCanvas(canvas, context);
        page.cleanup();
        if (text) return text;
      }
    }
    return null;
  } finally {
    await pdf.destroy();
  }
}

/** The QR code's text in a photo or PDF, or null when none could be read. */
export async function decodeQrFromFile(file: Blob): Promise<string | null> {
  return (await isPdfFile(file)) ? decodePdf(file) : decodeImage(file);
}
