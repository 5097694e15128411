import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect as tcpConnect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../modules/demo/seed.ts';
import { connect, eventually } from '../test/realtime-kit.ts';
import {
  httpSignin,
  passwordEncrypter,
  type ServerProcess,
  startServerProcess,
} from '../test/server-process.ts';

// SIGTERM on the real server (main.ts as a process of its own): what platform/shutdown.ts promises,
// watched from outside. On its own PGlite under a temporary DATA_DIR, also when the suite runs with
// DATABASE_URL (whose server the other files share: a process seeding demo data there would meddle).
const ON_PGLITE = { DATABASE_URL: '' };

const METRICS_TOKEN = 'shutdown-test';

/** Whether a new TCP connection to the server's port is refused. */
function refused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = tcpConnect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/** Requests the server is handling now, the scrape itself excluded. */
async function inFlight(server: ServerProcess): Promise<number> {
  const response = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}`, connection: 'close' },
  });
  const value = Number(/^fluxo_http_requests_in_flight (\d+)$/m.exec(await response.text())?.[1]);
  return value - 1;
}

/**
 * A sign-in whose body is sent in two parts: the server has the request (it is in flight) and waits
 * for the rest of the body until `finish` is called.
 */
async function heldSignin(server: ServerProcess) {
  const encrypt = await passwordEncrypter(server.url);
  const body = JSON.stringify({ email: 'demo@fluxo.example', password: encrypt(DEMO_PASSWORD) });
  const request = httpRequest(`${server.url}/api/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    agent: false,
  });
  const answer = new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      request.once('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      });
      request.once('error', reject);
    },
  );
  answer.catch(() => {});
  request.write(body.slice(0, 10));
  await eventually(async () => (await inFlight(server)) >= 1, 10_000);
  return { answer, finish: () => request.end(body.slice(10)), abort: () => request.destroy() };
}

describe('SIGTERM on a server process', () => {
  it('finishes the request in flight (2xx), refuses new connections, closes the sockets, exits 0 within the bound', async () => {
    const bound = 10_000;
    const server = await startServerProcess(
      { ...ON_PGLITE, METRICS_TOKEN, SHUTDOWN_TIMEOUT_MS: String(bound), JOBS_POLL_MS: '200' },
      { output: 'ignore' },
    );
    try {
      const { token, userId } = await (await httpSignin(server.url))('demo@fluxo.example', DEMO_PASSWORD);
      const client = await connect(server.url, { userId, token });
      const disconnected = new Promise<string>((resolve) => client.socket.once('disconnect', resolve));
      const held = await heldSignin(server);

      const signalledAt = Date.now();
      server.signal('SIGTERM');
      await eventually(() => refused(server.url), 5_000);
      // Still draining: the request in flight holds the process (and its sockets stay open meanwhile).
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(client.socket.connected).toBe(true);

      held.finish();
      const answer = await held.answer;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).auth_token).toEqual(expect.any(String));
      // Answered, then its connection closed: no keep-alive connection outlives the drain.
      expect(answer.headers.connection).toBe('close');

      // The server closes the socket (the client then reconnects elsewhere), and the process exits 0.
      expect(await disconnected).toBe('io server disconnect');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      const took = Date.now() - signalledAt;
      console.log(`shutdown: drained and exited ${took} ms after SIGTERM (bound ${bound} ms)`);
      expect(took).toBeLessThan(bound);
    } finally {
      await server.kill();
    }
  }, 240_000);

  it('exits 1 once SHUTDOWN_TIMEOUT_MS has passed when a request never ends', async () => {
    const bound = 1_500;
    const server = await startServerProcess(
      { METRICS_TOKEN, SHUTDOWN_TIMEOUT_MS: String(bound) },
      { output: 'ignore' },
    );
    try {
      const held = await heldSignin(server);
      const signalledAt = Date.now();
      server.signal('SIGTERM');
      expect(await server.exited).toEqual({ code: 1, signal: null });
      const took = Date.now() - signalledAt;
      expect(took).toBeGreaterThanOrEqual(bound - 50);
      expect(took).toBeLessThan(bound + 5_000);
      held.abort();
    } finally {
      await server.kill();
    }
  }, 240_000);
});
