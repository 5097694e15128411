import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { hrefFor, isMobilePath } from '../../../lib/paths.ts';

/** Hrefs in the tree the user is on: `/checkout` becomes `/m/checkout` on the mobile tree. */
export function useTreeHref(): (href: string) => string {
  const mobile = isMobilePath(useLocation().pathname);
  return useCallback((href: string) => hrefFor(href, mobile), [mobile]);
}
