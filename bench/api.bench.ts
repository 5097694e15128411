// API throughput: sign-in and GET /api/v1/organizations/all, on PGlite and on PostgreSQL.
// Target (issue 2): organizations/all ≥ 3,000 req/s with p99 < 20 ms on PostgreSQL on 2 cores.
import { encryptPassword, type ServerProcess } from '../apps/server/src/test/server-process.ts';
import { benchOn, load, printTable, startPostgres, startServer } from './lib.ts';

async function measure(label: string, server: ServerProcess) {
  const password = await encryptPassword(server.url, 'fluxo-demo');
  const signinBody = JSON.stringify({ email: 'demo@fluxo.example', password });
  const signin = await load({
    url: `${server.url}/api/v1/auth/signin`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: signinBody,
    connections: 8,
    duration: 8,
  });
  const response = await fetch(`${server.url}/api/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: signinBody,
  });
  const { auth_token: token } = (await response.json()) as { auth_token: string };
  // Warm-up, then the measured run.
  await load({
    url: `${server.url}/api/v1/organizations/all`,
    headers: { authorization: `Bearer ${token}` },
    duration: 3,
  });
  const orgs = await load({
    url: `${server.url}/api/v1/organizations/all`,
    headers: { authorization: `Bearer ${token}` },
    connections: 32,
    duration: 10,
  });
  return [
    { database: label, route: 'POST /api/v1/auth/signin (scrypt N=2^17)', ...signin },
    { database: label, route: 'GET /api/v1/organizations/all', ...orgs },
  ];
}

export async function apiBench(): Promise<void> {
  const rows: Record<string, string | number>[] = [];
  if (benchOn('pglite')) {
    const pglite = await startServer({});
    try {
      rows.push(...(await measure('PGlite', pglite)));
    } finally {
      await pglite.stop();
    }
  }
  if (!benchOn('postgres')) return printTable('API throughput (PGlite only)', rows);
  const external = process.env.DATABASE_URL;
  const cluster = external ? null : await startPostgres();
  const url = external ?? cluster?.url;
  if (url) {
    const server = await startServer({ DATABASE_URL: url, PG_POOL_SIZE: '16' });
    try {
      rows.push(...(await measure('PostgreSQL', server)));
    } finally {
      await server.stop();
      await cluster?.stop();
    }
  } else {
    console.log('No PostgreSQL (initdb not found and DATABASE_URL unset): PostgreSQL figures skipped.');
  }
  printTable('API throughput (autocannon; p50/p99 in ms)', rows);
}
