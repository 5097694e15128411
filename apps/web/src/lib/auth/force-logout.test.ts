// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('forced logout (spec §4)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('empties local and session storage, cookies and caches, then loads sign-in with f', async () => {
    const cookieWrites: string[] = [];
    vi.stubGlobal('document', {
      get cookie() {
        return 'cookies_consent=true; utm_source=mail';
      },
      set cookie(value: string) {
        cookieWrites.push(value);
      },
    });
    vi.stubGlobal('location', { hostname: 'app.fluxo.example' });
    const cacheStorage = {
      keys: vi.fn(async () => ['assets-v1', 'api-v1']),
      delete: vi.fn(async () => true),
    };
    vi.stubGlobal('caches', cacheStorage);
    const storage = () => ({ clear: vi.fn(), getItem: () => null, setItem: vi.fn(), removeItem: vi.fn() });
    const localStorage = storage();
    const sessionStorage = storage();
    const assign = vi.fn();
    vi.stubGlobal('window', {
      localStorage,
      sessionStorage,
      caches: cacheStorage,
      location: { assign },
      addEventListener: vi.fn(),
    });

    const { forceLogout } = await import('./force-logout.ts');
    await forceLogout();

    expect(localStorage.clear).toHaveBeenCalled();
    expect(sessionStorage.clear).toHaveBeenCalled();
    for (const name of ['cookies_consent', 'utm_source']) {
      expect(cookieWrites.some((write) => write.startsWith(`${name}=;`) && write.includes('1970'))).toBe(
        true,
      );
    }
    expect(cacheStorage.delete).toHaveBeenCalledWith('assets-v1');
    expect(cacheStorage.delete).toHaveBeenCalledWith('api-v1');
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^\/auth\/signin\?f=\d+$/));
  });
});
