import { Calls, languageFromAcceptHeader, normalizeLanguage } from '@metal/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serviceContext } from '../../platform/context';
import {
  renderSandboxCashier,
  SANDBOX_ALIPAY_GATEWAY_PATH,
  SANDBOX_CASHIER_PATH,
} from '../../platform/payments-sandbox';
import { registerCall } from '../../platform/protocol';
import {
  companyOrders,
  confirmOfflineSlip,
  createPayment,
  handleNotification,
  markRefundPaidBack,
  offlineQueue,
  type PaymentDeps,
  paymentStatus,
  refundOrder,
  rejectOfflineSlip,
  retryRefund,
  searchOrders,
  submitOfflineSlip,
} from './payments.service';

export function paymentDeps(app: FastifyInstance): PaymentDeps {
  const { db, clock, payments, modules } = app.deps;
  return { db, clock, payments, modules, log: app.log };
}

export function paymentsRoutes(app: FastifyInstance) {
  const deps = paymentDeps(app);
  registerCall(app, Calls.payCreate, (call) =>
    createPayment(serviceContext(app.deps, call), deps, call.input, call.ip),
  );
  registerCall(app, Calls.payStatus, (call) => paymentStatus(serviceContext(app.deps, call), deps, call.input.orderNo));
  registerCall(app, Calls.payOrders, (call) => companyOrders(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.payOfflineSlip, (call) => submitOfflineSlip(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.consolePayOrders, (call) => searchOrders(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.consolePayOfflineQueue, (call) => offlineQueue(serviceContext(app.deps, call)));
  registerCall(app, Calls.consolePayOfflineConfirm, (call) =>
    confirmOfflineSlip(serviceContext(app.deps, call), deps, call.input.slipId),
  );
  registerCall(app, Calls.consolePayOfflineReject, (call) =>
    rejectOfflineSlip(serviceContext(app.deps, call), call.input),
  );
  registerCall(app, Calls.consolePayRefund, (call) => refundOrder(serviceContext(app.deps, call), deps, call.input));
  registerCall(app, Calls.consolePayRefundRetry, (call) =>
    retryRefund(serviceContext(app.deps, call), deps, call.input.refundNo),
  );
  registerCall(app, Calls.consolePayRefundDone, (call) =>
    markRefundPaidBack(serviceContext(app.deps, call), deps, call.input),
  );

  // Providers' notifications: their own formats, outside the .htmls envelope, read as the exact bytes
  // sent (WeChat Pay signs the body text), not rate limited per address (providers send from few).
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    const raw = (request: FastifyRequest) => ({
      headers: request.headers,
      body: typeof request.body === 'string' ? request.body : '',
      ip: request.ip,
    });
    scope.post('/pay/notify/wxpay', { config: { rateLimit: false } }, async (request, reply) => {
      const accepted = await handleNotification(deps, 'wxpay', raw(request));
      // WeChat Pay retries anything but a 2xx; its documented failure body is {code: 'FAIL', message}.
      return accepted
        ? reply.code(200).send({ code: 'SUCCESS', message: '成功' })
        : reply.code(400).send({ code: 'FAIL', message: '失败' });
    });
    scope.post('/pay/notify/alipay', { config: { rateLimit: false } }, async (request, reply) => {
      const accepted = await handleNotification(deps, 'alipay', raw(request));
      // Alipay retries until it reads exactly "success".
      return reply
        .code(200)
        .type('text/plain; charset=utf-8')
        .send(accepted ? 'success' : 'failure');
    });
  });

  const sandbox = app.deps.paymentSandbox;
  if (!sandbox) return;
  const pageLanguage = (request: FastifyRequest, asked: unknown) =>
    (typeof asked === 'string' ? normalizeLanguage(asked) : undefined) ??
    languageFromAcceptHeader(request.headers['accept-language']);
  app.get(SANDBOX_CASHIER_PATH, async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const channel = query.channel === 'alipay' ? 'alipay' : 'wxpay';
    const shown = sandbox.trade(query.orderNo ?? '', channel) ?? null;
    return reply.type('text/html; charset=utf-8').send(
      renderSandboxCashier(shown, pageLanguage(request, query.lang), {
        payable: sandbox.payable,
        ...(query.notice === 'failed' ? { notice: 'failed' as const } : {}),
      }),
    );
  });
  app.post(SANDBOX_CASHIER_PATH, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    const channel = body.channel === 'alipay' ? 'alipay' : 'wxpay';
    const choice = body.choice === 'pay' || body.choice === 'fail' ? body.choice : 'abandon';
    const lang = pageLanguage(request, body.lang);
    const trade = sandbox.decide(channel, body.orderNo ?? '', choice);
    if (!trade)
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(renderSandboxCashier(null, lang, { payable: sandbox.payable }));
    if (choice === 'fail') {
      const again = new URLSearchParams({ channel, orderNo: trade.orderNo, lang, notice: 'failed' });
      return reply.redirect(`${SANDBOX_CASHIER_PATH}?${again}`, 303);
    }
    return reply.redirect(`${trade.returnUrl}${encodeURIComponent(trade.orderNo)}`, 303);
  });
  app.get(SANDBOX_ALIPAY_GATEWAY_PATH, async (request, reply) => {
    const cashier = sandbox.openAlipayTrade(request.query as Record<string, string>);
    if (!cashier) return reply.code(400).type('text/plain; charset=utf-8').send('invalid-signature');
    return reply.redirect(cashier, 303);
  });
}
