import { readSupplierInvoiceFromPhoto, recordSupplierInvoiceFromPdf } from '../support/purchases-journey.ts';
import { test } from '../support/test.ts';

test.describe('supplier documents on desktop (issue 12)', () => {
  test.skip(({ isMobile }) => isMobile, 'the phone has its own journeys');

  test('record a supplier invoice from a PDF with an AT QR code', async ({ page, request }, testInfo) => {
    await recordSupplierInvoiceFromPdf(page, request, testInfo, 'purchases-desk');
  });

  test('read the QR code of a photo, beside what is to pay', async ({ page, request }, testInfo) => {
    await readSupplierInvoiceFromPhoto(page, request, testInfo, 'purchases-desk-photo');
  });
});
