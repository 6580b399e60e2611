import { formatShanghaiDateTime, formatTons, type TInquiryDetail } from '@metal/shared';
import { Space, Tag, Typography } from 'antd';
import type { ConsoleT } from '../../lib/i18n';
import { CompanyCell } from '../reviews/components/CompanyCell';
import { defineQueue } from '../reviews/queue';
import { decideInquiry, fetchPendingInquiries, type InquiryReview } from './api';

const tons = (kg: number, t: ConsoleT) => t('inquiries:tons', { tons: formatTons(kg) });
const place = (item: TInquiryDetail) => [item.province, item.city, item.district].filter(Boolean).join(' ');
const yesNo = (value: boolean, t: ConsoleT) => (value ? t('inquiries:yes') : t('inquiries:no'));

/** Every product with its quantity and attributes, one per line. */
function Products({ item, t }: { item: TInquiryDetail; t: ConsoleT }) {
  return (
    <Space direction="vertical" size={4} data-testid="inquiry-products">
      {item.specs.map((spec) => (
        <div key={spec.id}>
          <span className="mc-fact-strong">
            {[spec.productName || item.sortName, spec.specification].filter(Boolean).join(' ')}
          </span>
          {' · '}
          {tons(spec.quantityKg, t)}
          {spec.attributes.length > 0 && (
            <Space size={[4, 4]} wrap style={{ marginLeft: 8 }}>
              {spec.attributes.map((a) => (
                <Tag key={a.name}>
                  {a.name}: {a.value}
                </Tag>
              ))}
            </Space>
          )}
        </div>
      ))}
    </Space>
  );
}

/**
 * Public purchase inquiries (SPEC §2 procurement, issue 7): reviewed before they show in the
 * procurement hall, so suppliers only ever quote on real, lawful requests. Designated inquiries go
 * straight to the suppliers named and never come here.
 */
export const inquiryQueue = defineQueue<InquiryReview>({
  key: 'inquiries',
  title: (t) => t('inquiries:title'),
  fetchItems: fetchPendingInquiries,
  decide: decideInquiry,
  columns: (t) => [
    {
      key: 'company',
      title: t('inquiries:buyer'),
      render: (item) => <CompanyCell name={item.buyerCompanyName} rootId={item.rootId} />,
    },
    {
      key: 'product',
      title: t('inquiries:products'),
      render: (item) => (
        <>
          <div>{item.title}</div>
          <Typography.Text type="secondary">
            {t('inquiries:summary', { count: item.specCount, tons: formatTons(item.totalQuantityKg) })}
          </Typography.Text>
        </>
      ),
    },
    {
      key: 'deadline',
      title: t('inquiries:deadline'),
      width: 190,
      render: (item) => formatShanghaiDateTime(new Date(item.quoteDeadline)),
    },
  ],
  subject: (item) => `${item.buyerCompanyName} · ${item.title}`,
  facts: (item, t) => [
    {
      key: 'buyer',
      label: t('inquiries:buyer'),
      value: <span className="mc-fact-strong">{item.buyerCompanyName}</span>,
    },
    { key: 'rootId', label: t('inquiries:company'), value: item.rootId },
    { key: 'category', label: t('inquiries:category'), value: item.sortName },
    {
      key: 'deadline',
      label: t('inquiries:deadline'),
      value: formatShanghaiDateTime(new Date(item.quoteDeadline)),
    },
    { key: 'products', label: t('inquiries:products'), wide: true, value: <Products item={item} t={t} /> },
    { key: 'taxIncluded', label: t('inquiries:taxIncluded'), value: yesNo(item.taxIncluded, t) },
    { key: 'freightIncluded', label: t('inquiries:freightIncluded'), value: yesNo(item.freightIncluded, t) },
    {
      key: 'payment',
      label: t('inquiries:payment'),
      value:
        item.paymentMethod === 'credit'
          ? t('inquiries:creditDays', { days: item.creditDays ?? 0 })
          : t(`inquiries:paymentMethod.${item.paymentMethod}`),
    },
    { key: 'deliveryDate', label: t('inquiries:deliveryDate'), value: item.deliveryDate || t('inquiries:notGiven') },
    {
      key: 'supplierPlace',
      label: t('inquiries:supplierPlace'),
      value: [item.supplierProvince, item.supplierCity].filter(Boolean).join(' ') || t('inquiries:anywhere'),
    },
    {
      key: 'delivery',
      label: t('inquiries:delivery'),
      wide: true,
      value: `${item.receiver} ${item.receiverPhone} · ${place(item)} ${item.address}`,
    },
    {
      key: 'remark',
      label: t('inquiries:remark'),
      wide: true,
      value: item.remark ? <span className="mc-note">{item.remark}</span> : t('inquiries:notGiven'),
    },
    {
      key: 'attachments',
      label: t('inquiries:attachments'),
      wide: true,
      value:
        item.attachments.length > 0 ? (
          <Space size={8} wrap>
            {item.attachments.map((file) => (
              <a key={file.url} href={file.url} target="_blank" rel="noopener noreferrer">
                {file.name || file.url}
              </a>
            ))}
          </Space>
        ) : (
          t('inquiries:none')
        ),
    },
  ],
  approveWarning: (_item, t) => t('inquiries:approveWarning'),
});
