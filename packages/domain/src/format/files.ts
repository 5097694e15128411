/** Spec §5: files that can be previewed in the app. */
export const PREVIEWABLE_EXTENSIONS = ['pdf', 'png', 'jpeg', 'jpg', 'gif'] as const;
const IMAGE_EXTENSIONS = new Set(['png', 'jpeg', 'jpg', 'gif', 'webp', 'svg', 'bmp']);

export type FileIcon = 'docx' | 'pdf' | 'xlsx' | 'image' | 'file';

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function canPreviewFile(name: string): boolean {
  return (PREVIEWABLE_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}

/** Which icon a file shows: docx, pdf, xlsx, image, or a generic file. */
export function fileIcon(name: string): FileIcon {
  const extension = fileExtension(name);
  if (extension === 'docx' || extension === 'doc') return 'docx';
  if (extension === 'pdf') return 'pdf';
  if (extension === 'xlsx' || extension === 'xls') return 'xlsx';
  if (IMAGE_EXTENSIONS.has(extension)) return 'image';
  return 'file';
}
