import { formatShanghaiDateTime, type TAgentBuy } from '@metal/shared';
import AudioOutline from 'antd-mobile-icons/es/AudioOutline';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { agentBuyDetailPath } from '../../../lib/navigation';

/** When it was posted, to the minute, Shanghai time. */
export const postedTime = (iso: string) => formatShanghaiDateTime(new Date(iso)).slice(0, 16);

/**
 * One agent request in a list: buy or sell, its words (or that it speaks through a recording or photos),
 * the first photo, who posted it and how many quoted and looked. `withStatus` shows its state (the owner's list).
 */
export function AgentBuyRow({ request, withStatus = false }: { request: TAgentBuy; withStatus?: boolean }) {
  const { t } = useTranslation('agentBuys');
  const navigate = useNavigate();
  const photo = request.photos[0];
  return (
    <button
      type="button"
      className="mm-pc-row mm-ab-row"
      data-testid="agent-buy-row"
      onClick={() => navigate(agentBuyDetailPath(request.id))}
    >
      <div className="mm-pc-row-head">
        <span className={`mm-ab-kind is-${request.kind}`}>{t(`kind.${request.kind}`)}</span>
        {request.sortName && <span className="mm-pc-sort">{request.sortName}</span>}
        {withStatus && <span className={`mm-pc-status is-${request.status}`}>{t(`status.${request.status}`)}</span>}
      </div>
      <div className="mm-ab-row-body">
        <p className={`mm-ab-row-text ${request.text ? '' : 'is-empty'}`}>{request.text || t('list.noText')}</p>
        {photo && <img className="mm-ab-row-photo" src={photo.thumbUrl} alt="" loading="lazy" />}
      </div>
      <div className="mm-pc-row-line">
        {request.voice && (
          <span className="mm-ab-voice-tag">
            <AudioOutline aria-hidden="true" /> {t('list.voice', { seconds: request.voice.seconds })}
          </span>
        )}
        {request.photos.length > 0 && <span>{t('list.photos', { count: request.photos.length })}</span>}
        <span>{request.companyName || request.nickName}</span>
      </div>
      <div className="mm-pc-row-foot">
        <span>{postedTime(request.createdAt)}</span>
        <span className="mm-pc-counts">
          {t('list.quotes', { count: request.quoteCount })} · {t('list.views', { count: request.views })}
        </span>
      </div>
    </button>
  );
}
