import type { TFunction } from 'i18next';

/** The add-on's name in the interface language (an unknown key shows as itself). */
export function addonName(t: TFunction, key: string): string {
  return t(`ADDONS.NAMES.${key.toUpperCase()}`, { defaultValue: key });
}
