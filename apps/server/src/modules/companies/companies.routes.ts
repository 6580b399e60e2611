import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/protocol';
import { requireCompanyInfo } from './companies.policy';
import {
  companyInfo,
  contactNameHolder,
  pendingNameChanges,
  requestNameChange,
  reviewNameChange,
  saveAddress,
  saveCompanyInfo,
  saveLinkInfo,
  setCompanyName,
} from './companies.service';

export function companiesRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;
  registerCall(app, Calls.hasCompanyInfo, async ({ actor }) => {
    await requireCompanyInfo(db, actor.rootId);
    return null;
  });
  registerCall(app, Calls.companyInfo, ({ actor, lang }) => companyInfo({ db, actor, lang }));
  registerCall(app, Calls.saveCompanyInfo, ({ actor, lang, input }) =>
    saveCompanyInfo({ db, clock, actor, lang, input }),
  );
  registerCall(app, Calls.saveLinkInfo, ({ actor, lang, input }) => saveLinkInfo({ db, clock, actor, lang, input }));
  registerCall(app, Calls.saveAddress, ({ actor, lang, input }) => saveAddress({ db, clock, actor, lang, input }));
  registerCall(app, Calls.setCompanyName, ({ actor, lang, input }) =>
    setCompanyName({ db, clock, actor, lang, name: input.name }),
  );
  registerCall(app, Calls.requestNameChange, ({ actor, lang, input }) =>
    requestNameChange({ db, clock, actor, lang, name: input.name }),
  );
  registerCall(app, Calls.contactNameHolder, ({ actor, input }) =>
    contactNameHolder({ db, clock, actor, name: input.name }),
  );
  registerCall(app, Calls.pendingNameChanges, () => pendingNameChanges({ db }));
  registerCall(app, Calls.reviewNameChange, ({ actor, input }) =>
    reviewNameChange({ db, clock, actor, id: input.id, approve: input.approve === 1, reason: input.reason ?? '' }),
  );
}
