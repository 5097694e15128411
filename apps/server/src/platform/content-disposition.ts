/**
 * A Content-Disposition header for a user's file name (RFC 6266 with the RFC 5987 `filename*`): an
 * ASCII fallback where quotes, backslashes, control and non-ASCII characters become `_`, and the exact
 * name percent-encoded as UTF-8 for the browsers that read it.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_') || 'file';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
