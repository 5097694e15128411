import {
  type BillingSchedule,
  presetRule,
  type ScheduleAction,
  type ScheduleFrequency,
} from '@fluxo/domain/billing/schedules-contracts';
import type { ScheduleFields } from '../api/schedules.ts';

// The schedule form's state and its translation to the API body. Amounts are typed as text and read
// with string arithmetic (never floats): prices with up to 4 decimals (× 10,000), quantities 3 (× 1,000).

/** A typed decimal ("15", "15,5", "1.234,56", "1 234.5") scaled to an integer, or null when it is not one. */
export function parseScaled(text: string, scale: number): number | null {
  const value = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (!/^\d[\d.,]*$/.test(value)) return null;
  const marks = [...value.matchAll(/[.,]/g)];
  const last = marks.at(-1);
  let whole = value;
  let fraction = '';
  // The last mark is the decimal one when both marks appear or it is followed by fewer than 3 digits
  // ("1.234,56", "15,5"); a lone mark before exactly 3 digits groups thousands ("1.234").
  if (last?.index !== undefined) {
    const after = value.slice(last.index + 1);
    const mixed = new Set(marks.map((mark) => mark[0])).size > 1;
    if (mixed || after.length !== 3 || marks.length === 1) {
      if (!mixed && marks.length > 1) return null;
      whole = value.slice(0, last.index);
      fraction = after;
    }
  }
  whole = whole.replace(/[.,]/g, '');
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction) || fraction.length > scale) return null;
  const digits = `${whole}${fraction.padEnd(scale, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > 15) return null;
  return Number(digits);
}

/** An integer scaled by `scale` decimals as the plain text an input holds ("150000", 4 → "15"). */
export function formatScaled(value: number, scale: number): string {
  const text = String(value).padStart(scale + 1, '0');
  const whole = text.slice(0, -scale);
  const fraction = text.slice(-scale).replace(/0+$/, '');
  return fraction ? `${whole},${fraction}` : whole;
}

export interface LineState {
  key: string;
  productId: string | null;
  quantity: string;
  /** Empty: the product's price at each run. */
  unitPrice: string;
}

export interface ScheduleFormState {
  name: string;
  partyId: string | null;
  seriesId: string | null;
  frequency: ScheduleFrequency;
  customRule: string;
  startDate: string;
  endDate: string;
  action: ScheduleAction;
  sendEmail: boolean;
  lines: LineState[];
}

let keys = 0;
export const newLine = (): LineState => ({
  key: `line-${++keys}`,
  productId: null,
  quantity: '1',
  unitPrice: '',
});

export function emptyForm(today: string): ScheduleFormState {
  return {
    name: '',
    partyId: null,
    seriesId: null,
    frequency: 'monthly',
    customRule: 'FREQ=MONTHLY;BYMONTHDAY=1',
    startDate: today,
    endDate: '',
    action: 'issue',
    sendEmail: false,
    lines: [newLine()],
  };
}

export function formFromSchedule(schedule: BillingSchedule): ScheduleFormState {
  return {
    name: schedule.name,
    partyId: schedule.partyId,
    seriesId: schedule.seriesId,
    frequency: schedule.frequency,
    customRule: schedule.rrule,
    startDate: schedule.startDate,
    endDate: schedule.endDate ?? '',
    action: schedule.action,
    sendEmail: schedule.sendEmail,
    lines: schedule.template.lines.map((line) => ({
      key: `line-${++keys}`,
      productId: line.productId ?? null,
      quantity: formatScaled(line.quantity, 3),
      unitPrice: line.unitPrice === undefined ? '' : formatScaled(line.unitPrice, 4),
    })),
  };
}

/** The rule the form stands for: a preset anchored on the start date, or the custom rule as typed. */
export function ruleOf(form: ScheduleFormState): string {
  if (form.frequency === 'custom' || !/^\d{4}-\d{2}-\d{2}$/.test(form.startDate))
    return form.customRule.trim();
  return presetRule(form.frequency, form.startDate);
}

export type FormErrors = Partial<Record<string, string>>;

/** The body to send, or the i18n keys of what is missing or wrong, per field. */
export function bodyOf(
  form: ScheduleFormState,
): { body: ScheduleFields; errors: null } | { body: null; errors: FormErrors } {
  const errors: FormErrors = {};
  if (!form.name.trim()) errors.name = 'VALIDATION.REQUIRED';
  if (!form.partyId) errors.partyId = 'VALIDATION.REQUIRED';
  if (!form.seriesId) errors.seriesId = 'VALIDATION.REQUIRED';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.startDate)) errors.startDate = 'VALIDATION.REQUIRED';
  if (form.endDate && form.endDate < form.startDate)
    errors.endDate = 'BILLING.SCHEDULES.FORM.END_BEFORE_START';
  const lines = form.lines.map((line, index) => {
    const quantity = parseScaled(line.quantity, 3);
    const unitPrice = line.unitPrice.trim() ? parseScaled(line.unitPrice, 4) : undefined;
    if (!line.productId) errors[`lines.${index}.productId`] = 'VALIDATION.REQUIRED';
    if (!quantity) errors[`lines.${index}.quantity`] = 'BILLING.SCHEDULES.FORM.INVALID_NUMBER';
    if (unitPrice === null) errors[`lines.${index}.unitPrice`] = 'BILLING.SCHEDULES.FORM.INVALID_NUMBER';
    return {
      productId: line.productId,
      quantity: quantity ?? 0,
      ...(unitPrice !== undefined && unitPrice !== null ? { unitPrice } : {}),
    };
  });
  if (Object.keys(errors).length > 0) return { body: null, errors };
  return {
    errors: null,
    body: {
      name: form.name.trim(),
      partyId: form.partyId as string,
      seriesId: form.seriesId as string,
      rrule: ruleOf(form),
      startDate: form.startDate,
      endDate: form.endDate || null,
      action: form.action,
      sendEmail: form.action === 'issue' && form.sendEmail,
      template: { lines },
    },
  };
}
