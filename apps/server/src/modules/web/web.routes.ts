import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PUBLIC } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * Serves the built web app and answers any other GET with index.html, so client-side routes load.
 * Hashed build assets are cached for a year; index.html never.
 */
export async function webRoutes(app: FastifyInstance, webDist: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  await app.register(fastifyStatic, { root: hasBuild ? webDist : import.meta.dirname, serve: false });
  app.get('/*', { config: { access: PUBLIC } }, async (request, reply) => {
    const url = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (url.startsWith('/api/') || url.startsWith('/signalr/')) {
      throw new AppError('NOT_FOUND', `No route GET ${url}`);
    }
    if (!hasBuild) {
      return reply
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    const file = path.normalize(path.join(webDist, url));
    if (file.startsWith(webDist) && url !== '/' && existsSync(file) && statSync(file).isFile()) {
      const immutable = url.startsWith('/assets/') && /-[A-Za-z0-9_-]{8,}\./.test(url);
      return reply.sendFile(path.relative(webDist, file), {
        maxAge: immutable ? 31_536_000_000 : 0,
        immutable,
      });
    }
    if (path.extname(url)) throw new AppError('NOT_FOUND', `No file ${url}`);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
