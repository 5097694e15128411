import type { IncomingMessage } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';

/**
 * Browser features the app does not use, switched off for the page and anything it might embed.
 * Later screens that read receipts from photos will need `camera=(self)`; nothing needs it yet.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** A year; sent only on requests that arrived over TLS (directly or as a trusted proxy says). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** The origin (scheme://host[:port]) of an absolute http(s) URL; null for empty, relative or other URLs. */
export function httpOrigin(value: string | null | undefined): string | null {
  if (!value || !/^https?:\/\//i.test(value.trim())) return null;
  try {
    return new URL(value.trim()).origin;
  } catch {
    return null;
  }
}

/**
 * The origins the web app talks to besides its own, from the configuration it is handed
 * (`GET /home/configuration`): a gateway on another host (HTTP long-polling and its WebSocket), the APM
 * server, the geolocation lookup. Unset values add nothing.
 */
export function configuredConnectOrigins(app: Config['app']): string[] {
  const origins = new Set<string>();
  const gateway = httpOrigin(app.gatewayUrl);
  if (gateway) {
    origins.add(gateway);
    origins.add(gateway.replace(/^http/, 'ws'));
  }
  for (const url of [app.apmServerUrl, app.locationAPI]) {
    const origin = httpOrigin(url);
    if (origin) origins.add(origin);
  }
  return [...origins];
}

/** A Host value safe to echo into the policy: a name, IPv4 or bracketed IPv6, and an optional port. */
const SAFE_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The same-origin WebSocket source for the Socket.IO channel: wss when the request came over TLS
 * (or a trusted proxy says https), ws otherwise. CSP Level 3 browsers already match it with 'self';
 * older ones (Safari before 15.4) need it spelt out.
 */
function socketSource(request: FastifyRequest): string {
  const host = request.host;
  if (!SAFE_HOST.test(host)) return "'self'";
  return `${request.protocol === 'https' ? 'wss' : 'ws'}://${host}`;
}

/**
 * The web app's policy. No inline or evaluated script anywhere: the build emits only module files,
 * the outdated-browser check is a file (public/outdated-browser.js). Styles allow inline because
 * Mantine writes its CSS variables and component classes into <style> elements at run time.
 * Images: the bank's two-factor QR code arrives as a data: URL. The service worker is /sw.js.
 * Documents attached to movements are fetched with the session and previewed from blob: URLs (made by
 * the page itself from bytes it read): images in img-src, PDFs in a frame, so frame-src allows blob:
 * and nothing else beyond the app's own origin.
 */
export function contentSecurityPolicyDirectives(
  config: Config,
  socketSourceOf: (raw: IncomingMessage) => string,
): Record<string, Iterable<string | ((req: IncomingMessage) => string)> | null> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", socketSourceOf, ...configuredConnectOrigins(config.app)],
    'frame-src': ["'self'", 'blob:'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Helmet's default; HSTS does the upgrading where TLS is in use, and plain-http installs keep working.
    'upgrade-insecure-requests': null,
  };
}

/**
 * Security headers on every response Fastify sends (the web app, its assets, the API, errors), through
 * @fastify/helmet: the Content-Security-Policy above, X-Content-Type-Options nosniff, X-Frame-Options
 * DENY, Referrer-Policy strict-origin-when-cross-origin and helmet's cross-origin defaults; plus the
 * Permissions-Policy and, on TLS requests only, Strict-Transport-Security. Register before the routes.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  // The policy is built by helmet from the raw request; the socket source needs Fastify's view of the
  // request (protocol and host through TRUST_PROXY), so it is computed first and looked up by request.
  const socketSources = new WeakMap<IncomingMessage, string>();
  app.addHook('onRequest', async (request, reply) => {
    socketSources.set(request.raw, socketSource(request));
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicyDirectives(config, (raw) => socketSources.get(raw) ?? "'self'"),
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Decided per request above: never over plain http, where it would be ignored or wrong.
    strictTransportSecurity: false,
  });
}
