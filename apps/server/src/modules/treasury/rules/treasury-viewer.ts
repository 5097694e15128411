import type { FastifyRequest } from 'fastify';
import { requireOrg, requireSession } from '../../../platform/guard.ts';
import type { TreasuryViewer } from '../accounts/account-scope.ts';

/** Who is asking, as the view policy needs it: the organization selected, the user and their role. */
export function viewerOf(request: FastifyRequest): TreasuryViewer {
  const org = requireOrg(request);
  return { organizationId: org.id, userId: requireSession(request).userId, role: org.role };
}
