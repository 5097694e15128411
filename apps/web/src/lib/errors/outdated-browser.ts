/** Spec §8: Internet Explorer (MSIE, or Trident for IE 11) cannot run the app. */
export function isOutdatedBrowser(userAgent: string): boolean {
  return /MSIE |Trident\//.test(userAgent);
}
