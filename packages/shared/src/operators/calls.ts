import { contract } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import { ZOperatorActionsPage, ZOperatorActionsRequest, ZOperatorIdentity } from './schemas';

/** The `.htmls` calls of operators (see contract.ts). */
export const operatorsCalls = {
  operatorWhoami: contract({
    path: 'console/whoami',
    auth: 'operator',
    feature: 'operators',
    summary: "Operators: who is logged in (name and role); the console's check that a login is an operator's",
    request: ZEmptyRequest,
    response: ZOperatorIdentity,
  }),
  operatorActions: contract({
    path: 'console/operator_actions/list',
    auth: 'operator',
    feature: 'operators',
    summary: 'Operators: the log of operator actions (who, when, what, target, detail), newest first, a page at a time',
    request: ZOperatorActionsRequest,
    response: ZOperatorActionsPage,
  }),
} as const;
