import { z } from 'zod';
import { contract } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import { ZChangeSynRequest, ZDelFootRequest, ZFootprint, ZNotSynResponse, ZSaveFootsRequest } from './schemas';

/** The `.htmls` calls of footprints (see contract.ts). */
export const footprintsCalls = {
  saveFoots: contract({
    path: 'foot/save_foots',
    auth: 'user',
    feature: 'footprints',
    summary: 'Upload footprints (one per stock per day; the newest time wins)',
    request: ZSaveFootsRequest,
    response: z.object({ saved: z.number() }),
  }),
  getAllFoot: contract({
    path: 'foot/get_all_foot',
    auth: 'user',
    feature: 'footprints',
    summary: "All of the user's footprints, newest first (first sync after install)",
    request: ZEmptyRequest,
    response: z.array(ZFootprint),
  }),
  getNotSyn: contract({
    path: 'foot/get_notsyn',
    auth: 'user',
    feature: 'footprints',
    summary: 'Footprints not yet synced to this client, newest first, as JSON text',
    request: ZEmptyRequest,
    response: ZNotSynResponse,
  }),
  changeSyn: contract({
    path: 'foot/change_syn',
    auth: 'user',
    feature: 'footprints',
    summary: 'Mark footprints as synced',
    request: ZChangeSynRequest,
    response: z.object({ changed: z.number() }),
  }),
  delFoot: contract({
    path: 'foot/del_foot',
    auth: 'user',
    feature: 'footprints',
    summary: 'Delete footprints by key',
    request: ZDelFootRequest,
    response: z.object({ deleted: z.number() }),
  }),
} as const;
