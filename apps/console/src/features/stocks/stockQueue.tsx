import { formatCents, formatTons, type TStockReviewItem } from '@metal/shared';
import { Image, Space, Tag, Typography } from 'antd';
import type { ConsoleT } from '../../lib/i18n';
import { CompanyCell } from '../reviews/components/CompanyCell';
import { defineQueue } from '../reviews/queue';
import { decideStock, fetchPendingStocks } from './api';

const orNone = (value: string, t: ConsoleT) => value || t('stocks:notGiven');
const tons = (kg: number | null, t: ConsoleT) =>
  kg === null ? t('stocks:notGiven') : t('stocks:tons', { value: formatTons(kg) });

const product = (item: TStockReviewItem) =>
  [item.sortName, item.productName, item.specifications].filter(Boolean).join(' · ');

/** Today's price and how it is made: the followed quote plus the fee, or the fixed price. */
function price(item: TStockReviewItem, t: ConsoleT) {
  const { price } = item;
  const today =
    price.unitPriceFen === null
      ? t('stocks:priceNone')
      : t('stocks:perTon', { price: formatCents(price.unitPriceFen) });
  if (price.type === 'fixed') return `${today} · ${t('stocks:fixedPriceType')}`;
  const fee = price.processingFeeFen ?? 0;
  return `${today} · ${t('stocks:marketPrice', {
    series: price.seriesName,
    date: price.quoteDate ?? '—',
    fee: `${fee < 0 ? '' : '+'}${formatCents(fee)}`,
  })}`;
}

function flags(item: TStockReviewItem, t: ConsoleT) {
  const on = (['fixedPrice', 'splittable', 'specialSale', 'freightIncluded'] as const).filter((flag) => item[flag]);
  if (on.length === 0) return t('stocks:notGiven');
  return (
    <Space size={4} wrap>
      {on.map((flag) => (
        <Tag key={flag}>{t(`stocks:flag.${flag}`)}</Tag>
      ))}
    </Space>
  );
}

const storage = (item: TStockReviewItem, t: ConsoleT) =>
  orNone(
    [item.province, item.city === item.province ? '' : item.city, item.district, item.storageAddress]
      .filter(Boolean)
      .join(' '),
    t,
  );

/** Every picture the seller posted, large enough to judge, opening full size as one group. */
function Pictures({ item }: { item: TStockReviewItem }) {
  if (item.images.length === 0) return null;
  return (
    <Image.PreviewGroup>
      <div className="mc-stock-pictures" data-testid="stock-pictures">
        {item.images.map((image, index) => (
          <Image
            key={image.url}
            src={image.thumbUrl}
            preview={{ src: image.url }}
            width={160}
            height={120}
            alt={`${index + 1}`}
          />
        ))}
      </div>
    </Image.PreviewGroup>
  );
}

/**
 * Stock listings (SPEC §4: stock is visible after review): what the seller posted with its pictures
 * and today's price, so the operator can judge it is real and sensibly priced. A changed listing that
 * was on sale before is marked, since it is hidden from buyers until decided.
 */
export const stockQueue = defineQueue<TStockReviewItem>({
  key: 'stock',
  title: (t) => t('stocks:title'),
  fetchItems: fetchPendingStocks,
  decide: decideStock,
  columns: (t) => [
    {
      key: 'company',
      title: t('stocks:companyName'),
      render: (item) => <CompanyCell name={item.companyName} rootId={item.rootId} />,
    },
    {
      key: 'listing',
      title: t('stocks:listing'),
      render: (item) => (
        <>
          <div>
            <Typography.Text strong>{item.productName || item.sortName}</Typography.Text> {item.specifications}
            {item.isDemo && (
              <Tag color="orange" style={{ marginLeft: 6 }}>
                {t('stocks:demo')}
              </Tag>
            )}
          </div>
          {item.productName && <Typography.Text type="secondary">{item.sortName}</Typography.Text>}
        </>
      ),
    },
    { key: 'quantity', title: t('stocks:quantity'), width: 110, render: (item) => tons(item.quantityKg, t) },
    {
      key: 'picture',
      title: t('stocks:pictures'),
      width: 96,
      render: (item) =>
        item.images[0] ? (
          <img className="mc-thumb" src={item.images[0].thumbUrl} alt={t('stocks:pictures')} />
        ) : (
          <Typography.Text type="secondary">{t('stocks:noPictures')}</Typography.Text>
        ),
    },
    {
      key: 'kind',
      title: t('stocks:kind'),
      width: 140,
      render: (item) =>
        item.resubmitted ? (
          <Tag color="gold">{t('stocks:resubmitted')}</Tag>
        ) : (
          <Tag color="blue">{t('stocks:first')}</Tag>
        ),
    },
  ],
  subject: (item) => `${item.companyName} · ${product(item)}`,
  facts: (item, t) => [
    {
      key: 'companyName',
      label: t('stocks:companyName'),
      value: <span className="mc-fact-strong">{item.companyName}</span>,
    },
    { key: 'rootId', label: t('stocks:company'), value: item.rootId },
    { key: 'poster', label: t('stocks:poster'), value: item.posterAccount },
    {
      key: 'kind',
      label: t('stocks:kind'),
      value: item.resubmitted ? t('stocks:resubmittedHint') : t('stocks:first'),
    },
    { key: 'category', label: t('stocks:category'), value: item.sortName },
    { key: 'productName', label: t('stocks:productName'), value: orNone(item.productName, t) },
    { key: 'specifications', label: t('stocks:specifications'), value: orNone(item.specifications, t) },
    { key: 'quantity', label: t('stocks:quantity'), value: tons(item.quantityKg, t) },
    { key: 'grossWeight', label: t('stocks:grossWeight'), value: tons(item.grossWeightKg, t) },
    { key: 'pieceWeight', label: t('stocks:pieceWeight'), value: tons(item.pieceWeightKg, t) },
    { key: 'pieces', label: t('stocks:pieces'), value: item.pieces ?? t('stocks:notGiven') },
    { key: 'properties', label: t('stocks:properties'), value: orNone(item.properties, t) },
    {
      key: 'price',
      label: t('stocks:price'),
      wide: true,
      value: <span className="mc-fact-strong">{price(item, t)}</span>,
    },
    { key: 'priceIntro', label: t('stocks:priceIntro'), value: orNone(item.price.intro, t) },
    { key: 'flags', label: t('stocks:flags'), value: flags(item, t) },
    { key: 'storage', label: t('stocks:storage'), wide: true, value: storage(item, t) },
    { key: 'boxNumber', label: t('stocks:boxNumber'), value: orNone(item.boxNumber, t) },
    { key: 'productionDate', label: t('stocks:productionDate'), value: orNone(item.productionDate, t) },
    { key: 'manufacturer', label: t('stocks:manufacturer'), value: orNone(item.manufacturer, t) },
    { key: 'brand', label: t('stocks:brand'), value: orNone(item.brand, t) },
    {
      key: 'paymentDays',
      label: t('stocks:paymentDays'),
      value:
        item.paymentDays === null
          ? t('stocks:paymentBefore')
          : t('stocks:paymentDaysValue', { days: item.paymentDays }),
    },
    { key: 'transportInfo', label: t('stocks:transportInfo'), value: orNone(item.transportInfo, t) },
    {
      key: 'additionalInfo',
      label: t('stocks:additionalInfo'),
      wide: true,
      value: <span className="mc-note">{orNone(item.additionalInfo, t)}</span>,
    },
    {
      key: 'pictures',
      label: t('stocks:pictures'),
      wide: true,
      value: item.images.length > 0 ? t('stocks:pictureCount', { count: item.images.length }) : t('stocks:noPictures'),
    },
  ],
  more: (item) => <Pictures item={item} />,
  approveWarning: (_item, t) => t('stocks:approveWarning'),
});
