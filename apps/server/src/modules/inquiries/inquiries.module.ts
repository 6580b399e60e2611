import { ChatProductType } from '@metal/shared';
import { defineModule } from '../../platform/module';
import { dispatchEscalationJob, inquiryExpiryJob } from './inquiries.jobs';
import { inquiryLink } from './inquiries.links';
import { inquiriesRoutes } from './inquiries.routes';

export const inquiriesModule = defineModule({
  name: 'inquiries',
  routes: inquiriesRoutes,
  jobs: () => [inquiryExpiryJob, dispatchEscalationJob],
  productLinks: { [ChatProductType.inquiry]: inquiryLink },
});
