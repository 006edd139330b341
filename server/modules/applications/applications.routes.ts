import type { FastifyInstance } from 'fastify';
import { formatDateTime, formatInstant } from '../../crud/zoned-time';
import { notFound, ok } from '../../http/envelope';
import { describeRoute } from '../../http/openapi.schemas';
import { authOf } from '../auth/access.hook';
import { APPLICATION_READ, APPLICATION_WRITE } from '../../../resources/setting/application-access';
import { findApplication, issueKey, listKeys, revokeKey } from './application-keys.store';
import { applicationDocs, idQuery, issueBody, revokeBody } from './applications.openapi';

/** An application's keys: list, issue (answered once), revoke (issue 31 §1). */
export async function applicationsRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const existing = async (tenantId: number, id: number) => {
    const found = await findApplication({ db, tenantId, id });
    if (!found) throw notFound();
    return found;
  };

  app.get<{ Querystring: { id: number } }>(
    '/v1/application/keys',
    { schema: describeRoute({ querystring: idQuery }, applicationDocs.keys), config: { requires: APPLICATION_READ } },
    async (request) => {
      const { tenantId } = authOf(request);
      await existing(tenantId, request.query.id);
      const zone = request.ctx.timeZone;
      const keys = await listKeys({ db, tenantId, id: request.query.id });
      return ok(
        keys.map((key) => ({
          ...key,
          createdAt: formatInstant(key.createdAt, zone),
          expiresAt: formatDateTime(key.expiresAt, zone),
          revokedAt: formatDateTime(key.revokedAt, zone),
        })),
      );
    },
  );

  app.post<{ Querystring: { id: number }; Body: { overlapHours?: number } | undefined }>(
    '/v1/application/issueKey',
    { schema: describeRoute({ querystring: idQuery, body: issueBody }, applicationDocs.issueKey), config: { requires: APPLICATION_WRITE } },
    async (request) => {
      const { tenantId, userId } = authOf(request);
      const application = await existing(tenantId, request.query.id);
      const issued = await issueKey({
        db,
        tenantId,
        userId,
        id: request.query.id,
        application,
        overlapHours: request.body?.overlapHours ?? 24,
      });
      return ok({ key: issued.key, prefix: issued.prefix, replaced: issued.replaced });
    },
  );

  app.post<{ Querystring: { id: number }; Body: { prefix: string } }>(
    '/v1/application/revokeKey',
    {
      schema: describeRoute({ querystring: idQuery, body: revokeBody }, applicationDocs.revokeKey),
      config: { requires: APPLICATION_WRITE },
    },
    async (request) => {
      const { tenantId, userId } = authOf(request);
      await existing(tenantId, request.query.id);
      const revoked = await revokeKey({ db, tenantId, userId, id: request.query.id, prefix: request.body.prefix });
      if (!revoked) throw notFound();
      return ok({ revoked });
    },
  );
}
