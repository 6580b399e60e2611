import { formatShanghaiDateTime, type TVerificationReviewItem } from '@metal/shared';
import { Space, Tag, Typography } from 'antd';
import { defineQueue } from '../reviews/queue';
import { decideVerificationRequest, fetchVerificationRequests } from './api';
import { AttemptHistory } from './components/AttemptHistory';

const masked = (value: string) => <span className="mc-masked">{value}</span>;

/**
 * Real-person verification requests to customer service (SPEC §4): a user at the daily attempt limit,
 * or whose number verifies another account, asks to be verified by hand. The operator sees only
 * masked values: the name and number asked about, the user's attempts, and the account the number
 * verifies now; approving verifies the user with those values.
 */
export const verificationQueue = defineQueue<TVerificationReviewItem>({
  key: 'verifications',
  title: (t) => t('verification:title'),
  fetchItems: fetchVerificationRequests,
  decide: decideVerificationRequest,
  columns: (t) => [
    {
      key: 'user',
      title: t('verification:user'),
      render: (item) => (
        <>
          <div>{item.nickName || t('verification:noNickName')}</div>
          <Typography.Text type="secondary" className="mc-mono mc-nowrap">
            {item.account}
          </Typography.Text>
        </>
      ),
    },
    {
      key: 'kind',
      title: t('verification:kind'),
      width: 180,
      render: (item) => (
        <Tag color={item.kind === 'idInUse' ? 'orange' : 'blue'}>{t(`verification:kinds.${item.kind}`)}</Tag>
      ),
    },
    { key: 'realName', title: t('verification:realName'), width: 110, render: (item) => masked(item.realName) },
    { key: 'idNumber', title: t('verification:idNumber'), width: 210, render: (item) => masked(item.idNumber) },
  ],
  subject: (item, t) => `${item.nickName || t('verification:noNickName')} · ${item.account}`,
  facts: (item, t) => [
    { key: 'account', label: t('verification:account'), value: <span className="mc-mono">{item.account}</span> },
    { key: 'userId', label: t('verification:userId'), value: item.userId },
    {
      key: 'kind',
      label: t('verification:kind'),
      wide: true,
      value: (
        <Space size={8} wrap>
          <Tag color={item.kind === 'idInUse' ? 'orange' : 'blue'}>{t(`verification:kinds.${item.kind}`)}</Tag>
          <Typography.Text type="secondary">{t(`verification:kindHints.${item.kind}`)}</Typography.Text>
        </Space>
      ),
    },
    { key: 'realName', label: t('verification:realName'), value: masked(item.realName) },
    { key: 'idNumber', label: t('verification:idNumber'), value: masked(item.idNumber) },
    {
      key: 'note',
      label: t('verification:note'),
      wide: true,
      value: <span className="mc-note">{item.note}</span>,
    },
    {
      key: 'holder',
      label: t('verification:holder'),
      wide: true,
      value: item.holder ? (
        <Typography.Text className="mc-text-warning">
          {t('verification:holderText', {
            account: item.holder.account,
            userId: item.holder.userId,
            time: formatShanghaiDateTime(new Date(item.holder.verifiedAt)),
          })}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">{t('verification:noHolder')}</Typography.Text>
      ),
    },
  ],
  more: (item) => <AttemptHistory attempts={item.attempts} />,
  approveWarning: (item, t) =>
    item.holder ? t('verification:approveMoves', { account: item.holder.account }) : t('verification:approveVerifies'),
});
