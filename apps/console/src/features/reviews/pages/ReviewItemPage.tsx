import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import { formatShanghaiDateTime } from '@metal/shared';
import { Button, Card, Popconfirm, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { showSuccess } from '../../../lib/feedback';
import { ALL_NAMESPACES } from '../../../lib/i18n';
import { Paths } from '../../../lib/navigation';
import { mayCall, useSession } from '../../../lib/session';
import { useDecision, useQueueItems } from '../api';
import { CompareTable } from '../components/CompareTable';
import { FactList } from '../components/FactList';
import { RejectModal } from '../components/RejectModal';
import type { ReviewDecision, ReviewQueue } from '../queue';
import { waitedFor } from '../waited';

/**
 * One item of a queue: what it rests on, old and new side by side, anything more to read, then approve
 * (confirmed, with what approving does beyond the request) or reject with a reason.
 */
export function ReviewItemPage({ queue }: { queue: ReviewQueue }) {
  const { t } = useTranslation('reviews');
  const { t: tAll } = useTranslation(ALL_NAMESPACES);
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const items = useQueueItems(queue);
  const decision = useDecision(queue);
  const [rejecting, setRejecting] = useState(false);
  const session = useSession();
  const mayApprove = !queue.approveNeeds || mayCall(session, queue.approveNeeds.call);
  const item = items.data?.find((candidate) => candidate.id === id);
  const backToQueue = Paths.reviewQueue(queue.key);

  const decide = (input: ReviewDecision) =>
    decision.mutate(input, {
      onSuccess: () => {
        setRejecting(false);
        showSuccess(
          queue.decidedMessage?.(input.approve, tAll) ??
            (input.approve ? t('decision.approved') : t('decision.rejected')),
        );
        navigate(backToQueue);
      },
    });

  if (items.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!item)
    return (
      <Result
        status="info"
        title={t('detail.gone')}
        subTitle={t('detail.goneHint')}
        extra={
          <Link to={backToQueue}>
            <Button type="primary">{t('detail.backToQueue')}</Button>
          </Link>
        }
      />
    );

  const approveWarning = queue.approveWarning?.(item, tAll);
  return (
    <section>
      <header className="mc-page-head">
        <div>
          <Link to={backToQueue}>
            <ArrowLeftOutlined /> {queue.title(tAll)}
          </Link>
          <h1 style={{ marginTop: 8 }}>{t('detail.heading', { queue: queue.title(tAll), id: item.id })}</h1>
          <Typography.Text strong>{queue.subject(item, tAll)}</Typography.Text>
          <br />
          <Typography.Text type="secondary">
            {t('queue.submittedAt')} {formatShanghaiDateTime(new Date(item.createdAt))} · {t('queue.waited')}{' '}
            {waitedFor(item.createdAt, items.dataUpdatedAt || Date.now(), t)}
          </Typography.Text>
        </div>
      </header>
      <Card>
        <div className="mc-detail-body">
          {queue.facts && <FactList facts={queue.facts(item, tAll)} />}
          {queue.compare && <CompareTable fields={queue.compare(item, tAll)} />}
          {queue.more?.(item)}
        </div>
        <div className="mc-detail-actions">
          <Button danger icon={<CloseOutlined />} onClick={() => setRejecting(true)} disabled={decision.isPending}>
            {t('decision.reject')}
          </Button>
          {!mayApprove && (
            <Typography.Text type="secondary" data-testid="approve-admin-only">
              {queue.approveNeeds?.refusal(tAll)}
            </Typography.Text>
          )}
          <Popconfirm
            disabled={!mayApprove}
            title={t('decision.approveConfirm')}
            description={approveWarning && <div className="mc-approve-warning">{approveWarning}</div>}
            okText={t('decision.approve')}
            cancelText={tAll('cancel')}
            onConfirm={() => decide({ id: item.id, approve: true, submittedAt: item.submittedAt })}
          >
            <Button
              type="primary"
              icon={<CheckOutlined />}
              loading={decision.isPending && !rejecting}
              disabled={!mayApprove}
            >
              {t('decision.approve')}
            </Button>
          </Popconfirm>
        </div>
      </Card>
      <RejectModal
        open={rejecting}
        submitting={decision.isPending}
        onCancel={() => setRejecting(false)}
        onSubmit={(reason) => decide({ id: item.id, approve: false, reason, submittedAt: item.submittedAt })}
      />
    </section>
  );
}
