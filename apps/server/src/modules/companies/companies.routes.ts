import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../platform/context';
import { registerCall } from '../../platform/protocol';
import { reviewInputOf } from '../../platform/review';
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
import { companyTeam, linkWayDetail, saveLinkWays } from './companies.team';
import { licenceDisplay, licenceState, pendingLicences, reviewLicence, submitLicence } from './licences.service';
import { companyTradeSettings, saveTradeSettings } from './trade-settings.service';

/** Per-IP limit on licence display, whose captcha answers could otherwise be guessed at. */
const LICENCE_DISPLAY_LIMIT = { max: 30, timeWindow: '1 minute' };

export function companiesRoutes(app: FastifyInstance) {
  const { db, clock, fileLinks: links } = app.deps;
  registerCall(app, Calls.hasCompanyInfo, async ({ actor }) => {
    await requireCompanyInfo(db, actor.rootId);
    return null;
  });
  registerCall(app, Calls.linkWayDetail, (call) => linkWayDetail(serviceContext(app.deps, call)));
  registerCall(app, Calls.linkWaySave, (call) => saveLinkWays(serviceContext(app.deps, call), call.input.ways));
  registerCall(app, Calls.companyTeam, (call) => companyTeam(serviceContext(app.deps, call), call.input.rootId));
  registerCall(app, Calls.companyInfo, ({ actor, lang }) => companyInfo({ db, links, actor, lang }));
  registerCall(app, Calls.saveCompanyInfo, ({ actor, lang, input }) =>
    saveCompanyInfo({ db, clock, links, actor, lang, input }),
  );
  registerCall(app, Calls.saveLinkInfo, ({ actor, lang, input }) =>
    saveLinkInfo({ db, clock, links, actor, lang, input }),
  );
  registerCall(app, Calls.saveAddress, ({ actor, lang, input }) =>
    saveAddress({ db, clock, links, actor, lang, input }),
  );
  registerCall(app, Calls.setCompanyName, ({ actor, lang, input }) =>
    setCompanyName({ db, clock, links, actor, lang, name: input.name }),
  );
  registerCall(app, Calls.requestNameChange, ({ actor, lang, input }) =>
    requestNameChange({ db, clock, links, actor, lang, name: input.name, licenceFileId: input.licenceFileId }),
  );
  registerCall(app, Calls.contactNameHolder, ({ actor, input }) =>
    contactNameHolder({ db, clock, actor, name: input.name }),
  );
  registerCall(app, Calls.pendingNameChanges, (call) => pendingNameChanges(serviceContext(app.deps, call)));
  registerCall(app, Calls.reviewNameChange, (call) =>
    reviewNameChange(serviceContext(app.deps, call), reviewInputOf(call.input)),
  );
  registerCall(app, Calls.licenceDetail, ({ actor }) => licenceState({ db, links, actor }));
  registerCall(app, Calls.submitLicence, ({ actor, input }) =>
    submitLicence({ db, clock, links, actor, fileId: input.fileId }),
  );
  registerCall(app, Calls.pendingLicences, (call) => pendingLicences(serviceContext(app.deps, call)));
  registerCall(app, Calls.reviewLicence, (call) =>
    reviewLicence(serviceContext(app.deps, call), reviewInputOf(call.input)),
  );
  registerCall(
    app,
    Calls.licenceDisplay,
    ({ input }) =>
      licenceDisplay({ db, clock, links, rootId: input.rootId, captchaKey: input.captchaKey, captcha: input.captcha }),
    { rateLimit: LICENCE_DISPLAY_LIMIT },
  );
  registerCall(app, Calls.tradeSettings, ({ actor }) => companyTradeSettings({ db, actor }));
  registerCall(app, Calls.tradeSettingsSave, ({ actor, input }) => saveTradeSettings({ db, clock, actor }, input));
}
