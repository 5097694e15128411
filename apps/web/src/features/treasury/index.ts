// The treasury feature's surface for the features above it (billing…): import from here, not from the
// files behind it (.dependency-cruiser.cjs, web-feature-internals).
export { currencyMinorDigits, formatMoneyInput, parseMoneyInput } from './lib/money-input.ts';
export { useUploadStatus, watchUpload } from './upload-status.ts';
