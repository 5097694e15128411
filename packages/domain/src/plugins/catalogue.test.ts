import { describe, expect, it } from 'vitest';
import {
  PLUGIN_CATALOGUE,
  PLUGIN_KEYS,
  secretFieldsOf,
  ZMultibancoConfig,
  ZTaxAuthorityConfig,
} from './catalogue.ts';

describe('plugin catalogue', () => {
  it('describes every field once: public ones in the config schema, secret ones in the secrets schema', () => {
    for (const key of PLUGIN_KEYS) {
      const { config, secrets, fields, requiredSecrets } = PLUGIN_CATALOGUE[key];
      const publicNames = fields.filter((f) => f.kind !== 'secret').map((f) => f.name);
      expect(Object.keys(config.shape).sort(), key).toEqual([...publicNames].sort());
      expect(Object.keys(secrets.shape).sort(), key).toEqual(secretFieldsOf(key).sort());
      for (const name of requiredSecrets) expect(secretFieldsOf(key), key).toContain(name);
    }
  });

  it('checks a Multibanco entity (5 digits) and sub-entity (up to 3)', () => {
    expect(ZMultibancoConfig.safeParse({ entity: '21312', subEntity: '' }).success).toBe(true);
    expect(ZMultibancoConfig.safeParse({ entity: '21312', subEntity: '123' }).success).toBe(true);
    expect(ZMultibancoConfig.safeParse({ entity: '2131', subEntity: '' }).success).toBe(false);
    expect(ZMultibancoConfig.safeParse({ entity: '21312', subEntity: '1234' }).success).toBe(false);
  });

  it('checks the AT sub-user: a valid PT NIF, a slash and a number', () => {
    expect(ZTaxAuthorityConfig.safeParse({ username: '508332150/1' }).success).toBe(true);
    expect(ZTaxAuthorityConfig.safeParse({ username: '508332151/1' }).success).toBe(false);
    expect(ZTaxAuthorityConfig.safeParse({ username: '508332150' }).success).toBe(false);
  });
});
