/**
 * Operator commands, run from the repository root with the server's configuration (DATABASE_URL or
 * DATA_DIR, SECRETS_KEY, …):
 *
 *   npm run backup -- <archive>                      one archive: database dump + DATA_DIR state
 *   npm run restore -- <archive>                     into an empty database and DATA_DIR, then verified
 *   npm run rotate-keys -- jwt|password|secrets [--grace=<seconds>]
 *
 * With the embedded database (no DATABASE_URL) stop the server first: PGlite is one process's database.
 */
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { SEALED_PLUGIN_SECRETS } from '../modules/plugins/plugins.service.ts';
import { SEALED_TWO_FACTOR_SECRETS } from '../modules/two-factor/two-factor.service.ts';
import { loadConfig } from '../platform/config.ts';
import { type Rotation, rotateJwtKey, rotatePasswordKey, rotateSecretsKey } from '../platform/secrets.ts';
import { backup, restore } from './backup.ts';

const usage = `usage:
  npm run backup -- <archive.tar.gz>
  npm run restore -- <archive.tar.gz>
  npm run rotate-keys -- jwt|password|secrets [--grace=<seconds>]`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig();
  const positional = args.filter((a) => !a.startsWith('--'));
  const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];

  if (command === 'backup' || command === 'restore') {
    const file = positional[0];
    if (!file) fail(usage);
    if (command === 'backup') {
      const database = await openDatabase(config);
      try {
        const manifest = await backup({
          database,
          databaseUrl: config.databaseUrl,
          dataDir: config.dataDir,
          file,
          appVersion: config.app.appVersion,
        });
        const rows = manifest.database.tables.reduce((sum, t) => sum + t.rows, 0);
        console.log(
          `Backed up ${manifest.database.kind}: ${manifest.database.tables.length} tables, ${rows} rows; ${manifest.files.length} files → ${path.resolve(file)}`,
        );
      } finally {
        await database.close();
      }
      return;
    }
    const report = await restore({ file, databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const rows = report.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(
      `Restored ${report.manifest.database.kind} backup of ${report.manifest.createdAt}: ${report.tables.length} tables, ${rows} rows; ${report.manifest.files.length} files into ${config.dataDir}`,
    );
    if (report.mismatches.length) {
      fail(`The restore differs from the backup:\n  ${report.mismatches.join('\n  ')}`);
    }
    console.log('Every table and file matches the backup’s manifest.');
    return;
  }

  if (command === 'rotate-keys') {
    const kind = positional[0];
    const grace = option('grace');
    if (kind !== 'jwt' && kind !== 'password' && kind !== 'secrets') fail(usage);
    if (grace !== undefined && !/^\d+$/.test(grace)) fail('--grace takes a number of seconds.');
    const database = await openDatabase(config);
    let rotation: Rotation;
    try {
      if (kind === 'jwt') rotation = await rotateJwtKey(database.db, config);
      else if (kind === 'password')
        rotation = await rotatePasswordKey(
          database.db,
          config,
          grace === undefined ? undefined : Number(grace),
        );
      else
        rotation = await rotateSecretsKey(database.db, config, [
          SEALED_TWO_FACTOR_SECRETS,
          SEALED_PLUGIN_SECRETS,
        ]);
    } finally {
      await database.close();
    }
    if (rotation.kind === 'secrets') {
      console.log(
        `Stored secrets re-encrypted under SECRETS_KEY ${rotation.current}: ${rotation.resealed} rows. SECRETS_KEY_PREVIOUS may now be removed.`,
      );
    } else {
      console.log(`New ${rotation.kind} key ${rotation.current} is current.`);
      for (const key of rotation.retiring)
        console.log(`  key ${key.kid} keeps working until ${key.retireAt}`);
      for (const kid of rotation.removed) console.log(`  key ${kid} was past its retirement and is gone`);
    }
    return;
  }
  fail(usage);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
