import { readSupplierInvoiceFromPhoto, recordSupplierInvoiceFromPdf } from '../support/purchases-journey.ts';
import { test } from '../support/test.ts';

test.describe('supplier documents on a phone (issue 12)', () => {
  test.skip(({ isMobile }) => !isMobile, 'the desktop has its own journey');

  test('record a supplier invoice from a PDF with an AT QR code', async ({ page, request }, testInfo) => {
    await recordSupplierInvoiceFromPdf(page, request, testInfo, 'purchases-phone');
  });

  test('read the QR code of a photo taken with the camera, beside what is to pay', async ({
    page,
    request,
  }, testInfo) => {
    await readSupplierInvoiceFromPhoto(page, request, testInfo, 'purchases-photo');
  });
});
