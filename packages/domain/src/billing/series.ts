// Document series (Portaria 195/2020, AT's series communication): an identifier of up to 35
// characters from [A-Za-z0-9._-] with no separator at either end or doubled, a type (N normal,
// F training, R recovery), and the validation code the AT returns when the series is registered.

export const SERIES_TYPES = ['N', 'F', 'R'] as const;
export type SeriesType = (typeof SERIES_TYPES)[number];

const SERIES_ID = /^[A-Za-z0-9](?:[A-Za-z0-9]|[._-](?=[A-Za-z0-9])){0,34}$/;

export function isValidSeriesId(id: string): boolean {
  return id.length <= 35 && SERIES_ID.test(id);
}

/** The AT's validation code of a series: at least 8 characters, letters and digits. */
export function isValidSeriesValidationCode(code: string): boolean {
  return /^[A-Z0-9]{8,}$/.test(code);
}

/** ATCUD = `<validation code>-<sequence number>`, printed as `ATCUD:…` above the QR code. */
export function atcudOf(validationCode: string, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError('A sequence number starts at 1');
  return `${validationCode}-${sequence}`;
}

/** The document number as the SAF-T writes it: `<type> <series>/<sequence>`, e.g. `FT 2026A/15`. */
export function documentNumberOf(documentType: string, seriesId: string, sequence: number): string {
  return `${documentType} ${seriesId}/${sequence}`;
}
