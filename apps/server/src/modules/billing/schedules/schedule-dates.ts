import rrule from 'rrule';
import { AppError } from '../../../platform/errors.ts';

// The dates of a recurring-billing schedule. A schedule bills on calendar dates, not instants: the rule
// runs over dates (midnight UTC stands for "that date", never shifted), and only "today" depends on
// where the organization is (Europe/Lisbon for PT, Africa/Luanda for AO).
//
// Month ends: a rule says what it means. The presets bill on "the start day, or the last day of a
// shorter month" (BYMONTHDAY=28,29,30,31;BYSETPOS=-1 for the 31st — presetRule in the domain); a custom
// rule is taken as RFC 5545 writes it, where BYMONTHDAY=31 skips the months that have no 31st.

const { RRule } = rrule;

/** Rule parts a schedule accepts, each with the form of its value (RFC 5545 §3.3.10). */
const PARTS: Record<string, RegExp> = {
  FREQ: /^(DAILY|WEEKLY|MONTHLY|YEARLY)$/,
  INTERVAL: /^([1-9]\d?)$/,
  COUNT: /^([1-9]\d{0,2})$/,
  BYMONTH: /^(1[0-2]|[1-9])(,(1[0-2]|[1-9]))*$/,
  BYMONTHDAY: /^-?(3[01]|[12]\d|[1-9])(,-?(3[01]|[12]\d|[1-9]))*$/,
  BYDAY: /^([+-]?([1-4]?\d|5[0-3])?(MO|TU|WE|TH|FR|SA|SU))(,[+-]?([1-4]?\d|5[0-3])?(MO|TU|WE|TH|FR|SA|SU))*$/,
  BYSETPOS: /^-?([1-9]\d{0,2})(,-?([1-9]\d{0,2}))*$/,
  BYWEEKNO: /^-?([1-4]?\d|5[0-3])(,-?([1-4]?\d|5[0-3]))*$/,
  BYYEARDAY: /^-?([1-9]\d{0,2})(,-?([1-9]\d{0,2}))*$/,
  WKST: /^(MO|TU|WE|TH|FR|SA|SU)$/,
};

/** Dates are at most this far apart from the start that we look for an occurrence (a rule with none is refused). */
const HORIZON_YEARS = 10;

function invalid(reason: string): AppError {
  return new AppError('SCHEDULE_RULE_INVALID', `Invalid recurrence rule: ${reason}.`, [
    { path: 'rrule', messageKey: 'ERRORS.SCHEDULE_RULE_INVALID', message: reason },
  ]);
}

/**
 * The rule in its stored form (upper case, without the RRULE: prefix), checked part by part: daily or
 * less often (one document per date at most), no DTSTART or UNTIL (the schedule's start and end dates
 * are), each part once. Throws SCHEDULE_RULE_INVALID otherwise.
 */
export function normalizeRule(input: string): string {
  const text = input
    .trim()
    .toUpperCase()
    .replace(/^RRULE:/, '');
  if (!text) throw invalid('empty rule');
  const seen = new Set<string>();
  for (const part of text.split(';')) {
    const [key, value, extra] = part.split('=');
    if (!key || value === undefined || extra !== undefined) throw invalid(`"${part}" is not NAME=VALUE`);
    const form = PARTS[key];
    if (!form) throw invalid(`${key} is not allowed here`);
    if (seen.has(key)) throw invalid(`${key} appears twice`);
    seen.add(key);
    if (!form.test(value)) throw invalid(`${key}=${value} is not a valid value`);
  }
  if (!seen.has('FREQ')) throw invalid('FREQ is required');
  return text;
}

const dateOf = (iso: string) => new Date(`${iso}T00:00:00Z`);
const isoOf = (date: Date) => date.toISOString().slice(0, 10);

function ruleFrom(rule: string, startDate: string) {
  try {
    return new RRule({ ...RRule.parseString(normalizeRule(rule)), dtstart: dateOf(startDate) });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalid(error instanceof Error ? error.message : 'unreadable');
  }
}

/**
 * Up to `count` dates of the rule from `from` (inclusive), never before the start date nor after the end
 * date. An invalid rule throws SCHEDULE_RULE_INVALID.
 */
export function occurrences(
  schedule: { rrule: string; startDate: string; endDate?: string | null },
  from: string,
  count: number,
): string[] {
  const rule = ruleFrom(schedule.rrule, schedule.startDate);
  const after = from > schedule.startDate ? from : schedule.startDate;
  const horizon = dateOf(after);
  horizon.setUTCFullYear(horizon.getUTCFullYear() + HORIZON_YEARS);
  const until = schedule.endDate && dateOf(schedule.endDate) < horizon ? dateOf(schedule.endDate) : horizon;
  if (until < dateOf(after)) return [];
  // One pass over the rule (the iterator stops it at `count`), whatever the number of dates.
  return rule.between(dateOf(after), until, true, (_date, index) => index < count).map(isoOf);
}

/** The first date on or after `from`, or null when the schedule has no more. */
export function nextOccurrence(
  schedule: { rrule: string; startDate: string; endDate?: string | null },
  from: string,
): string | null {
  return occurrences(schedule, from, 1)[0] ?? null;
}

/** Checks a rule as it would be saved: valid, and giving at least one date within the end date. */
export function checkRule(schedule: { rrule: string; startDate: string; endDate?: string | null }): string {
  const rule = normalizeRule(schedule.rrule);
  if (schedule.endDate && schedule.endDate < schedule.startDate)
    throw new AppError('VALIDATION_FAILED', 'The end date is before the start date.', [
      { path: 'endDate', messageKey: 'VALIDATION.INVALID', message: 'End before start' },
    ]);
  if (!nextOccurrence({ ...schedule, rrule: rule }, schedule.startDate))
    throw invalid('the rule gives no date between the start and end dates');
  return rule;
}

export function timeZoneOfCountry(country: string): string {
  return country.trim() === 'AO' ? 'Africa/Luanda' : 'Europe/Lisbon';
}

/** The calendar date at `now` where the organization is. */
export function todayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The instant a date begins in a time zone (its local midnight), for the job's due time. */
export function startOfDateIn(date: string, timeZone: string): Date {
  const utcMidnight = dateOf(date);
  // The zone's offset at that instant, read back from its wall clock; applied twice to settle DST edges.
  let guess = utcMidnight.getTime();
  for (let i = 0; i < 2; i++) {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(guess));
    const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
    const wall = Date.UTC(
      get('year'),
      get('month') - 1,
      get('day'),
      get('hour'),
      get('minute'),
      get('second'),
    );
    guess -= wall - utcMidnight.getTime();
  }
  return new Date(guess);
}
