import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { describeRoute } from '../../http/openapi.schemas';
import { authOf } from '../auth/access.hook';
import type { DomainWiring } from '../domain-manifest';
import type { WaitingApproval } from './approval-queue';
import { approvalsDocs } from './approvals.openapi';

/** How many waiting things one answer lists (the header's list; the total counts them all). */
const LISTED = 50;

/**
 * `GET /v1/approvals/waiting`: every declared queue (the manifests' `approvals`) asked what waits
 * for the caller; any signed-in user may ask, each queue answers only with what that user may
 * approve. The header polls it (src/shell/approvals-bell.tsx).
 */
export async function approvalsRoutes(app: FastifyInstance, wiring: DomainWiring): Promise<void> {
  app.get('/v1/approvals/waiting', { schema: describeRoute({}, approvalsDocs.waiting), config: { signedIn: true } }, async (request) => {
    const auth = authOf(request);
    const args = {
      db: app.database.db,
      auth,
      marketingCenter: request.ctx.marketingCenter,
      now: app.clock(),
      locale: request.ctx.locale,
      timeZone: request.ctx.timeZone,
      limit: LISTED,
    };
    const answers = await Promise.all(wiring.approvals.map((queue) => queue.waiting(args)));
    const items: WaitingApproval[] = answers
      .flatMap((answer) => answer.items)
      .sort((a, b) => (a.dueAt ?? '9999').localeCompare(b.dueAt ?? '9999') || a.since.localeCompare(b.since))
      .slice(0, LISTED);
    return ok({ total: answers.reduce((sum, answer) => sum + answer.total, 0), items });
  });
}
