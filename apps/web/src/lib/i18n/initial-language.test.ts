import { describe, expect, it } from 'vitest';
import { initialLanguage } from './initial-language.ts';

describe('initial language', () => {
  it('prefers the token, then the language picked on this device', () => {
    expect(initialLanguage({ tokenLanguage: 'fr', storedLanguage: 'pt', browserLanguages: ['es-ES'] })).toBe(
      'fr',
    );
    expect(initialLanguage({ tokenLanguage: 'xx', storedLanguage: 'pt', browserLanguages: ['es-ES'] })).toBe(
      'pt',
    );
  });

  it('maps the browser language as countries are mapped, English to gb', () => {
    expect(initialLanguage({ browserLanguages: ['en-US'] })).toBe('gb');
    expect(initialLanguage({ browserLanguages: ['pt-BR'] })).toBe('pt');
    expect(initialLanguage({ browserLanguages: ['de-DE', 'fr-FR'] })).toBe('fr');
    // A Lusophone region speaks Portuguese even when the browser's language is another.
    expect(initialLanguage({ browserLanguages: ['ln-AO'] })).toBe('pt');
    expect(initialLanguage({ browserLanguages: ['de-DE'] })).toBe('gb');
    expect(initialLanguage({})).toBe('gb');
  });
});
