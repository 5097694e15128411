// Calendar dates as the API carries them: `YYYY-MM-DD` strings, moved in UTC calendar arithmetic so
// that no time zone or daylight-saving change shifts a day.

/** A `YYYY-MM-DD` date moved by whole days (negative goes back). */
export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** Today's date on this device's clock, as `YYYY-MM-DD` (what a person means by "today"). */
export function localIsoDate(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
