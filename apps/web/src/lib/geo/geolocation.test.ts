import { afterEach, describe, expect, it, vi } from 'vitest';
import { countryOfBrowserLanguage, countryOfLookup, detectCountry } from './geolocation.ts';

describe('geolocation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes the browser language region, else the language country, else PT', () => {
    expect(countryOfBrowserLanguage(['pt-BR', 'en'])).toBe('BR');
    expect(countryOfBrowserLanguage(['fr'])).toBe('FR');
    expect(countryOfBrowserLanguage(['zz'])).toBe('PT');
    expect(countryOfBrowserLanguage([])).toBe('PT');
  });

  it('reads the lookup answer in its usual shapes', () => {
    expect(countryOfLookup({ country: 'ao' })).toBe('AO');
    expect(countryOfLookup({ countryCode: 'ES' })).toBe('ES');
    expect(countryOfLookup('fr')).toBe('FR');
    expect(countryOfLookup({})).toBeNull();
  });

  it('uses the configured lookup and falls back to the browser language on failure', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/home/configuration'
        ? Response.json({ locationAPI: '/geo' })
        : Response.json({ country: 'MZ' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await detectCountry(['en-GB'])).toBe('MZ');

    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/home/configuration'
          ? Response.json({ locationAPI: '/geo' })
          : new Response('', { status: 404 }),
      ),
    );
    expect(await detectCountry(['es-ES'])).toBe('ES');
  });
});
