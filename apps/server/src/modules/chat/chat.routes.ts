import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/protocol';

export function chatRoutes(app: FastifyInstance) {
  // Chat messages arrive with the chat module; until then no user has an unread message.
  registerCall(app, Calls.unreadSize, () => 0);
}
