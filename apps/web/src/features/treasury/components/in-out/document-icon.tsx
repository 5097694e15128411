import {
  IconFile,
  IconFileSpreadsheet,
  IconFileTypeDocx,
  IconFileTypePdf,
  IconPhoto,
} from '@tabler/icons-react';

/** Spec §5: icons for docx, pdf, xlsx and images; a plain file for anything else. */
export function documentKind(
  fileName: string,
  contentType: string,
): 'pdf' | 'image' | 'docx' | 'xlsx' | 'other' {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  if (contentType === 'application/pdf' || extension === 'pdf') return 'pdf';
  if (contentType.startsWith('image/') || ['png', 'jpg', 'jpeg', 'gif', 'webp', 'heic'].includes(extension))
    return 'image';
  if (extension === 'docx' || contentType.includes('wordprocessingml')) return 'docx';
  if (extension === 'xlsx' || contentType.includes('spreadsheetml')) return 'xlsx';
  return 'other';
}

export function DocumentIcon({
  fileName,
  contentType,
  size = 20,
}: {
  fileName: string;
  contentType: string;
  size?: number;
}) {
  const kind = documentKind(fileName, contentType);
  const Icon =
    kind === 'pdf'
      ? IconFileTypePdf
      : kind === 'image'
        ? IconPhoto
        : kind === 'docx'
          ? IconFileTypeDocx
          : kind === 'xlsx'
            ? IconFileSpreadsheet
            : IconFile;
  return <Icon size={size} aria-hidden data-kind={kind} />;
}
