import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/protocol';
import {
  answerRequest,
  deleteFriend,
  deleteGroup,
  findUser,
  listFriends,
  listGroups,
  receivedRequests,
  saveGroup,
  sendFriendRequest,
  setRemark,
} from './contacts.service';

export function contactsRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;
  registerCall(app, Calls.findUser, ({ actor, input, lang }) => findUser({ db, actor, lang, keyword: input.keyword }));
  registerCall(app, Calls.friendRequest, ({ actor, input }) => sendFriendRequest({ db, clock, actor, ...input }));
  registerCall(app, Calls.friendRequests, ({ actor, input }) => receivedRequests({ db, actor, ...input }));
  registerCall(app, Calls.answerRequest, ({ actor, input }) =>
    answerRequest({ db, clock, actor, id: input.id, accept: input.accept === 1 }),
  );
  registerCall(app, Calls.friends, ({ actor, input }) => listFriends({ db, actor, ...input }));
  registerCall(app, Calls.deleteFriend, ({ actor, input }) => deleteFriend({ db, actor, userId: input.userId }));
  registerCall(app, Calls.setRemark, ({ actor, input }) => setRemark({ db, actor, ...input }));
  registerCall(app, Calls.contactGroups, ({ actor }) => listGroups({ db, actor }));
  registerCall(app, Calls.contactGroupSave, ({ actor, input }) => saveGroup({ db, actor, ...input }));
  registerCall(app, Calls.contactGroupDelete, ({ actor, input }) => deleteGroup({ db, actor, id: input.id }));
}
