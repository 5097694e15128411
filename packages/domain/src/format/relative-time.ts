const DAY = 86_400;
/** Spec §9: years of 365 days, months of 30 days, then days, hours, minutes, seconds. */
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['day', DAY],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * "3 days ago" / "in 2 hours" in any locale Intl knows (pt, en, fr, es, de, …).
 * `now` is injectable for tests.
 */
export function formatRelativeTime(
  date: Date | string | number,
  locale: string,
  now: Date = new Date(),
): string {
  const then = new Date(date).getTime();
  const seconds = Math.round((then - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of STEPS) {
    if (Math.abs(seconds) >= size || unit === 'second')
      return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}
