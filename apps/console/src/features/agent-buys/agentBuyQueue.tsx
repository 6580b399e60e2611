import type { TAgentBuyReviewItem } from '@metal/shared';
import { Image, Space, Tag, Typography } from 'antd';
import type { ConsoleT } from '../../lib/i18n';
import { defineQueue } from '../reviews/queue';
import { decideAgentBuy, fetchPendingAgentBuys } from './api';

const poster = (item: TAgentBuyReviewItem) => [item.companyName, item.nickName].filter(Boolean).join(' · ');

/** The recording, to be listened to before deciding. */
function Voice({ item, t }: { item: TAgentBuyReviewItem; t: ConsoleT }) {
  if (!item.voice) return <>{t('agentBuys:none')}</>;
  return (
    <Space>
      {/* biome-ignore lint/a11y/useMediaCaption: a spoken request has no captions to offer */}
      <audio src={item.voice.url} controls preload="none" data-testid="agent-buy-voice" />
      <span>{t('agentBuys:voiceSeconds', { seconds: item.voice.seconds })}</span>
    </Space>
  );
}

/**
 * Agent requests ("help me buy" / "help me sell", SPEC §3): reviewed before they show in the
 * procurement hall's agent purchase tab, since anyone may post one with a word, a recording or a photo.
 */
export const agentBuyQueue = defineQueue<TAgentBuyReviewItem>({
  key: 'agent-buys',
  title: (t) => t('agentBuys:title'),
  fetchItems: fetchPendingAgentBuys,
  decide: decideAgentBuy,
  columns: (t) => [
    {
      key: 'poster',
      title: t('agentBuys:poster'),
      render: (item) => (
        <>
          <Tag color={item.kind === 'buy' ? 'blue' : 'orange'}>{t(`agentBuys:kinds.${item.kind}`)}</Tag>
          {poster(item)}
        </>
      ),
    },
    {
      key: 'content',
      title: t('agentBuys:content'),
      render: (item) => (
        <>
          <div>{item.text || t('agentBuys:noText')}</div>
          <Typography.Text type="secondary">
            {t('agentBuys:summary', {
              voice: item.voice ? t('agentBuys:voiceSeconds', { seconds: item.voice.seconds }) : t('agentBuys:none'),
              photos: item.photos.length,
            })}
          </Typography.Text>
        </>
      ),
    },
  ],
  subject: (item, t) => `${t(`agentBuys:kinds.${item.kind}`)} · ${poster(item)}`,
  facts: (item, t) => [
    { key: 'kind', label: t('agentBuys:kind'), value: t(`agentBuys:kinds.${item.kind}`) },
    { key: 'poster', label: t('agentBuys:poster'), value: <span className="mc-fact-strong">{poster(item)}</span> },
    { key: 'phone', label: t('agentBuys:phone'), value: item.phone },
    { key: 'category', label: t('agentBuys:category'), value: item.sortName || t('agentBuys:notGiven') },
    {
      key: 'text',
      label: t('agentBuys:text'),
      wide: true,
      value: item.text ? <span className="mc-note">{item.text}</span> : t('agentBuys:noText'),
    },
    { key: 'voice', label: t('agentBuys:voice'), wide: true, value: <Voice item={item} t={t} /> },
    {
      key: 'photos',
      label: t('agentBuys:photos'),
      wide: true,
      value:
        item.photos.length > 0 ? (
          <Image.PreviewGroup>
            <Space size={8} wrap>
              {item.photos.map((photo) => (
                <Image key={photo.url} src={photo.thumbUrl} preview={{ src: photo.url }} width={96} height={96} />
              ))}
            </Space>
          </Image.PreviewGroup>
        ) : (
          t('agentBuys:none')
        ),
    },
  ],
  approveWarning: (_item, t) => t('agentBuys:approveWarning'),
});
