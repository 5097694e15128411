import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, one string per page (items joined by spaces), read with pdf.js. */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, verbosity: 0 })
    .promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await document.destroy();
  return pages;
}

/** All the text of a PDF as one string. */
export async function pdfText(pdf: Buffer): Promise<string> {
  return (await pdfPages(pdf)).join('\n');
}

/**
 * Every QR code printed on a page, decoded from the page rendered to pixels (pdf.js on
 * @napi-rs/canvas, then jsQR): what a phone reading the printout would get.
 */
export async function pdfQrCodes(pdf: Buffer, pageNumber = 1): Promise<{ text: string; widthMm: number }[]> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const jsQR = (await import('jsqr')).default;
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const page = await document.getPage(pageNumber);
  const scale = 2;
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = 'white';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({
    canvas: canvas as unknown as HTMLCanvasElement,
    canvasContext: context as unknown as CanvasRenderingContext2D,
    viewport,
  }).promise;
  await document.destroy();
  const found: { text: string; widthMm: number }[] = [];
  // jsQR reads one code per image: read, blank it out, read again.
  for (;;) {
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
    if (!code) return found;
    const { topLeftCorner, topRightCorner } = code.location;
    const widthPoints =
      Math.hypot(topRightCorner.x - topLeftCorner.x, topRightCorner.y - topLeftCorner.y) / scale;
    found.push({
      text: new TextDecoder().decode(new Uint8Array(code.binaryData)),
      widthMm: (widthPoints / 72) * 25.4,
    });
    const xs = Object.values(code.location).map((point) => point.x);
    const ys = Object.values(code.location).map((point) => point.y);
    const [left, top] = [Math.min(...xs) - 10, Math.min(...ys) - 10];
    context.fillRect(left, top, Math.max(...xs) - left + 20, Math.max(...ys) - top + 20);
  }
}
