import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../platform/context';
import { registerCall } from '../../platform/protocol';
import { reviewInputOf } from '../../platform/review';
import {
  deleteGroup,
  dispatchQueue,
  distributeInquiry,
  listGroups,
  saveGroup,
  transferInquiry,
} from './inquiries.dispatch';
import { agreeQuote, ignoreQuote, listQuotes, saveQuote, withdrawQuote } from './inquiries.quotes';
import {
  closeInquiry,
  deleteInquiry,
  inquiryDetail,
  inquiryHall,
  myInquiries,
  pendingInquiries,
  reviewInquiry,
  saveInquiry,
} from './inquiries.service';
import { grabInquiry, ignoreInquiry, takingList } from './inquiries.taking';

export function inquiriesRoutes(app: FastifyInstance) {
  const { db, clock, fileLinks: links } = app.deps;
  registerCall(app, Calls.inquirySave, async ({ actor, input, lang }) => {
    const { id } = await saveInquiry({ db, clock, actor, input });
    return inquiryDetail({ db, clock, links, actor, id, lang });
  });
  registerCall(app, Calls.inquiryDetail, ({ actor, input, lang }) =>
    inquiryDetail({ db, clock, links, actor, id: input.id, lang }),
  );
  registerCall(app, Calls.inquiryHall, ({ actor, input, lang }) => inquiryHall({ db, clock, input, lang, actor }));
  registerCall(app, Calls.inquiryMine, ({ actor, input, lang }) => myInquiries({ db, clock, actor, input, lang }));
  registerCall(app, Calls.inquiryClose, ({ actor, input }) => closeInquiry({ db, clock, actor, id: input.id }));
  registerCall(app, Calls.inquiryDelete, ({ actor, input }) => deleteInquiry({ db, clock, actor, id: input.id }));
  registerCall(app, Calls.quoteSave, async ({ actor, input }) => {
    await saveQuote({ db, clock, actor, input });
    return listQuotes({ db, actor, inquiryId: input.inquiryId });
  });
  registerCall(app, Calls.quoteList, ({ actor, input }) => listQuotes({ db, actor, inquiryId: input.inquiryId }));
  registerCall(app, Calls.quoteAgree, async ({ actor, input }) => {
    const { inquiryId } = await agreeQuote({ db, clock, actor, quoteId: input.quoteId });
    return listQuotes({ db, actor, inquiryId });
  });
  registerCall(app, Calls.quoteIgnore, ({ actor, input }) => ignoreQuote({ db, clock, actor, quoteId: input.quoteId }));
  registerCall(app, Calls.quoteWithdraw, ({ actor, input }) =>
    withdrawQuote({ db, clock, actor, quoteId: input.quoteId }),
  );
  registerCall(app, Calls.inquiryGrab, async ({ actor, input, lang }) => {
    await grabInquiry({ db, clock, actor, id: input.id });
    return inquiryDetail({ db, clock, links, actor, id: input.id, lang });
  });
  registerCall(app, Calls.inquiryIgnore, async ({ actor, input, lang }) => {
    await ignoreInquiry({ db, clock, actor, id: input.id });
    return inquiryDetail({ db, clock, links, actor, id: input.id, lang });
  });
  registerCall(app, Calls.inquiryTaking, ({ actor, input, lang }) => takingList({ db, clock, actor, input, lang }));
  registerCall(app, Calls.dispatchGroupList, ({ actor }) => listGroups(db, actor.rootId));
  registerCall(app, Calls.dispatchGroupSave, ({ actor, input }) => saveGroup({ db, clock, actor }, input));
  registerCall(app, Calls.dispatchGroupDelete, ({ actor, input }) => deleteGroup({ db, actor }, input.id));
  registerCall(app, Calls.dispatchQueue, ({ actor, input, lang }) => dispatchQueue({ db, clock, actor, lang }, input));
  registerCall(app, Calls.inquiryDistribute, async ({ actor, input }) => {
    await distributeInquiry({ db, clock, actor }, input);
    return null;
  });
  registerCall(app, Calls.inquiryTransfer, async ({ actor, input }) => {
    await transferInquiry({ db, clock, actor }, input);
    return null;
  });
  registerCall(app, Calls.pendingInquiries, (call) => pendingInquiries(serviceContext(app.deps, call)));
  registerCall(app, Calls.reviewInquiry, (call) =>
    reviewInquiry(serviceContext(app.deps, call), reviewInputOf(call.input)),
  );
}
