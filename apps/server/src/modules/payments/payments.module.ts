import { defineModule } from '../../platform/module';
import { paymentJobs } from './payments.jobs';
import { paymentsRoutes } from './payments.routes';

/**
 * Payments: orders other modules make (`createPaymentOrder`), paid through WeChat Pay, Alipay or an
 * offline transfer, and delivered through the selling module's `paymentPurposes`.
 */
export const paymentsModule = defineModule({
  name: 'payments',
  routes: paymentsRoutes,
  jobs: paymentJobs,
});
