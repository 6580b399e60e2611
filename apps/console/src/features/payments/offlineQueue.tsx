import { Calls } from '@metal/shared';
import { Image } from 'antd';
import type { ConsoleT } from '../../lib/i18n';
import { fenToYuanText } from '../../lib/money';
import { defineQueue } from '../reviews/queue';
import { decideOfflineSlip, fetchOfflineQueue, type OfflineQueueEntry } from './api';

const yuan = (fen: number, t: ConsoleT) => t('payments:yuan', { amount: fenToYuanText(fen) });
const company = (item: OfflineQueueEntry, t: ConsoleT) =>
  item.companyName || t('payments:companyId', { id: item.rootId });

/**
 * Bank transfers (对公转账): the buyer transferred to the platform's account with the order's reference
 * in the remark and uploaded the slip; an operator who sees the money on the account confirms it (the
 * order becomes paid), or rejects the slip with the reason the buyer reads.
 */
export const offlineQueue = defineQueue<OfflineQueueEntry>({
  key: 'offline-transfers',
  title: (t) => t('payments:offline.title'),
  fetchItems: fetchOfflineQueue,
  decide: decideOfflineSlip,
  columns: (t) => [
    { key: 'company', title: t('payments:offline.company'), render: (item) => company(item, t) },
    {
      key: 'amount',
      title: t('payments:offline.amount'),
      width: 140,
      render: (item) => <span className="mc-fact-strong">{yuan(item.amountFen, t)}</span>,
    },
    {
      key: 'reference',
      title: t('payments:offline.reference'),
      width: 160,
      render: (item) => <span className="mc-mono">{item.reference}</span>,
    },
    { key: 'subject', title: t('payments:offline.subject'), render: (item) => item.subject },
  ],
  subject: (item, t) => `${company(item, t)} · ${yuan(item.amountFen, t)}`,
  facts: (item, t) => [
    {
      key: 'amount',
      label: t('payments:offline.amount'),
      value: <span className="mc-fact-strong">{yuan(item.amountFen, t)}</span>,
    },
    {
      key: 'reference',
      label: t('payments:offline.reference'),
      value: <span className="mc-mono">{item.reference}</span>,
    },
    { key: 'orderNo', label: t('payments:offline.orderNo'), value: <span className="mc-mono">{item.orderNo}</span> },
    { key: 'company', label: t('payments:offline.company'), value: company(item, t) },
    { key: 'subject', label: t('payments:offline.subject'), wide: true, value: item.subject },
    {
      key: 'slip',
      label: t('payments:offline.slip'),
      wide: true,
      value: (
        <>
          <Image src={item.url} width={320} alt={t('payments:offline.slip')} />
          <div>
            <a href={item.url} target="_blank" rel="noreferrer" data-testid="slip-link">
              {t('payments:offline.openSlip')}
            </a>
          </div>
        </>
      ),
    },
  ],
  approveNeeds: { call: Calls.consolePayOfflineConfirm, refusal: (t) => t('payments:offline.adminOnly') },
  decidedMessage: (approved, t) => (approved ? t('payments:offline.confirmed') : t('payments:offline.rejected')),
  approveWarning: (item, t) =>
    t('payments:offline.approveWarning', { amount: fenToYuanText(item.amountFen), reference: item.reference }),
});
