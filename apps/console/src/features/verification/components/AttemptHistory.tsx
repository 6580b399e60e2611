import { formatShanghaiDateTime, type TVerificationReviewItem, type VerificationOutcome } from '@metal/shared';
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type Attempt = TVerificationReviewItem['attempts'][number];

const OUTCOME_COLOURS: Record<VerificationOutcome, string> = {
  pending: 'default',
  match: 'green',
  mismatch: 'red',
  idInUse: 'orange',
  unavailable: 'default',
};

/** The user's checks, newest first as the server lists them, with the masked values each one tried. */
export function AttemptHistory({ attempts }: { attempts: Attempt[] }) {
  const { t } = useTranslation('verification');
  return (
    <section>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('attempts.title')}
      </Typography.Title>
      <Table<Attempt>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={attempts}
        onRow={() => ({ 'data-testid': 'attempt-row' }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            key: 'time',
            title: t('attempts.time'),
            width: 190,
            render: (_v, attempt) => formatShanghaiDateTime(new Date(attempt.createdAt)),
          },
          {
            key: 'outcome',
            title: t('attempts.outcome'),
            width: 220,
            render: (_v, attempt) => (
              <Tag color={OUTCOME_COLOURS[attempt.outcome]}>{t(`outcome.${attempt.outcome}`)}</Tag>
            ),
          },
          {
            key: 'realName',
            title: t('realName'),
            render: (_v, attempt) => <span className="mc-masked">{attempt.realName}</span>,
          },
          {
            key: 'idNumber',
            title: t('idNumber'),
            render: (_v, attempt) => <span className="mc-masked">{attempt.idNumber}</span>,
          },
        ]}
        locale={{ emptyText: t('attempts.none') }}
      />
    </section>
  );
}
