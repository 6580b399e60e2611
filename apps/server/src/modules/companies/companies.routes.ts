import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/protocol';
import { requireCompanyInfo } from './companies.policy';

export function companiesRoutes(app: FastifyInstance) {
  registerCall(app, Calls.hasCompanyInfo, async ({ actor }) => {
    await requireCompanyInfo(app.deps.db, actor.rootId);
    return null;
  });
}
