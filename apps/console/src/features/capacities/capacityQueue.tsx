import ExportOutlined from '@ant-design/icons/ExportOutlined';
import { capacityAttributeLabel, formatShanghaiDateTime, formatTons, type TCapacityReviewItem } from '@metal/shared';
import { Image, Space, Tag, Typography } from 'antd';
import type { ConsoleT } from '../../lib/i18n';
import { getLanguage } from '../../lib/i18n';
import { CompanyCell } from '../reviews/components/CompanyCell';
import { defineQueue } from '../reviews/queue';
import { companyShopUrl, decideCapacity, fetchCapacities } from './api';

const title = (item: TCapacityReviewItem) => item.productName || item.sortName;
const tons = (kg: number, t: ConsoleT) => t('capacities:tons', { tons: formatTons(kg) });

/** The due date, red once it has passed (SPEC §9: reviewed within 5 working days). */
function DueDate({ item, t }: { item: TCapacityReviewItem; t: ConsoleT }) {
  return (
    <Space size={4} wrap data-testid="capacity-due">
      {item.overdue ? (
        <Tag color="red">{t('capacities:overdue', { date: item.dueDate })}</Tag>
      ) : (
        <span>{item.dueDate}</span>
      )}
      {item.resubmitted && <Tag color="gold">{t('capacities:resubmitted')}</Tag>}
    </Space>
  );
}

function Images({ item, t }: { item: TCapacityReviewItem; t: ConsoleT }) {
  if (item.images.length === 0) return <Typography.Text type="secondary">{t('capacities:noImages')}</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Space size={8} wrap data-testid="capacity-images">
        {item.images.map((image) => (
          <Image
            key={image.id}
            src={image.thumbUrl}
            preview={{ src: image.url }}
            width={120}
            height={90}
            style={{ objectFit: 'cover', borderRadius: 4 }}
            alt={title(item)}
          />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

/**
 * Production capacity (SPEC §4, §6, §9): posted by a company and reviewed by administrators or
 * customer service within 5 working days after the later of posting and the company's licence
 * approval. Only companies with an approved licence are queued; the earliest due come first.
 */
export const capacityQueue = defineQueue<TCapacityReviewItem>({
  key: 'capacities',
  title: (t) => t('capacities:title'),
  fetchItems: fetchCapacities,
  decide: decideCapacity,
  columns: (t) => [
    {
      key: 'company',
      title: t('capacities:companyName'),
      render: (item) => <CompanyCell name={item.companyName} rootId={item.rootId} />,
    },
    {
      key: 'cover',
      title: t('capacities:images'),
      width: 90,
      render: (item) =>
        item.images[0] ? (
          <img className="mc-thumb" src={item.images[0].thumbUrl} alt={title(item)} />
        ) : (
          <Typography.Text type="secondary">{t('capacities:noImages')}</Typography.Text>
        ),
    },
    {
      key: 'product',
      title: t('capacities:product'),
      render: (item) => (
        <>
          <div>{title(item)}</div>
          <Typography.Text type="secondary">
            {t('capacities:tonnage', {
              minOrder: formatTons(item.minOrderKg),
              monthly: formatTons(item.monthlyOutputKg),
            })}
          </Typography.Text>
        </>
      ),
    },
    { key: 'dueDate', title: t('capacities:dueDate'), width: 200, render: (item) => <DueDate item={item} t={t} /> },
  ],
  subject: (item) => `${item.companyName} · ${title(item)}`,
  facts: (item, t) => [
    {
      key: 'companyName',
      label: t('capacities:companyName'),
      value: (
        <Space size={8} wrap>
          <span className="mc-fact-strong">{item.companyName}</span>
          {item.isDemo && <Tag>{t('capacities:demo')}</Tag>}
        </Space>
      ),
    },
    { key: 'rootId', label: t('capacities:company'), value: item.rootId },
    { key: 'category', label: t('capacities:category'), value: item.sortName },
    { key: 'productName', label: t('capacities:productName'), value: item.productName || t('capacities:notGiven') },
    { key: 'minOrder', label: t('capacities:minOrder'), value: tons(item.minOrderKg, t) },
    { key: 'monthlyOutput', label: t('capacities:monthlyOutput'), value: tons(item.monthlyOutputKg, t) },
    {
      key: 'attributes',
      label: t('capacities:attributes'),
      wide: true,
      value:
        item.attributes.length > 0 ? (
          <Space size={[8, 4]} wrap>
            {item.attributes.map((a) => (
              <Tag key={a.name}>
                {capacityAttributeLabel(a.name, getLanguage())}: {a.value}
              </Tag>
            ))}
          </Space>
        ) : (
          t('capacities:notGiven')
        ),
    },
    {
      key: 'info',
      label: t('capacities:info'),
      wide: true,
      value: item.info ? <span className="mc-note">{item.info}</span> : t('capacities:notGiven'),
    },
    { key: 'contactName', label: t('capacities:contactName'), value: item.contactName },
    {
      key: 'contactPhone',
      label: t('capacities:contactPhone'),
      value: <span className="mc-mono">{item.contactPhone}</span>,
    },
    {
      key: 'reviewStart',
      label: t('capacities:reviewStart'),
      value: formatShanghaiDateTime(new Date(item.reviewStartAt)),
    },
    { key: 'dueDate', label: t('capacities:dueDate'), value: <DueDate item={item} t={t} /> },
    { key: 'images', label: t('capacities:images'), wide: true, value: <Images item={item} t={t} /> },
    {
      key: 'shopPage',
      label: t('capacities:shopPage'),
      wide: true,
      value: (
        <a href={companyShopUrl(item.rootId)} target="_blank" rel="noopener noreferrer" data-testid="shop-page-link">
          {t('capacities:openShopPage')} <ExportOutlined />
        </a>
      ),
    },
  ],
  approveWarning: (_item, t) => t('capacities:approveWarning'),
});
