import {
  configurationContract,
  FEATURE_FLAGS,
  type FeatureFlags,
  featureFlagsContract,
  setFeatureFlagContract,
} from '@fluxo/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { featureFlags } from '../../db/schema.ts';
import { ADMIN, PUBLIC } from '../../platform/access.ts';
import type { Config } from '../../platform/config.ts';
import { addRoute } from '../../platform/route.ts';

/** Inserts every known flag that the database does not have yet (off). */
export async function ensureFeatureFlags(db: Db): Promise<void> {
  await db
    .insert(featureFlags)
    .values(FEATURE_FLAGS.map((name) => ({ name, enabled: false })))
    .onConflictDoNothing({ target: featureFlags.name });
}

export async function readFeatureFlags(db: Db): Promise<FeatureFlags> {
  const stored = await db.select().from(featureFlags);
  const flags = Object.fromEntries(FEATURE_FLAGS.map((name) => [name, false])) as FeatureFlags;
  for (const row of stored) if (row.name in flags) flags[row.name as keyof FeatureFlags] = row.enabled;
  return flags;
}

export function homeRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: Config; publicVapidKey: string },
): void {
  addRoute(app, configurationContract, PUBLIC, async ({ request }) => ({
    ...deps.config.app,
    gatewayUrl: deps.config.app.gatewayUrl ?? `${request.protocol}://${request.host}`,
    publicVapidKey: deps.publicVapidKey,
  }));

  addRoute(app, featureFlagsContract, PUBLIC, async () => readFeatureFlags(deps.db));

  addRoute(app, setFeatureFlagContract, ADMIN, async ({ params, body }) => {
    await deps.db
      .insert(featureFlags)
      .values({ name: params.name, enabled: body.enabled })
      .onConflictDoUpdate({
        target: featureFlags.name,
        set: { enabled: body.enabled, updatedAt: new Date() },
      });
    return { name: params.name, enabled: body.enabled };
  });
}
