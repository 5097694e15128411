import { useLocation } from 'react-router';
import { MOBILE_PREFIX } from '../../../lib/paths.ts';

/** Whether the page is the phone's (/m/…): the tabs' panels lay out in one column there. */
export function useIsMobile(): boolean {
  const { pathname } = useLocation();
  return pathname === MOBILE_PREFIX || pathname.startsWith(`${MOBILE_PREFIX}/`);
}

/** Today's date (YYYY-MM-DD) in the browser's time zone. */
export function todayIso(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
