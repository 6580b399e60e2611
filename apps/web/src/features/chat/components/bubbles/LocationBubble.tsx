import EnvironmentOutline from 'antd-mobile-icons/es/EnvironmentOutline';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { openLocationPath } from '../../../nearby';

export interface LocationContent {
  address: string;
  lat: number;
  lgt: number;
  /** The place's name when it was picked from a search (this product adds it beside SPEC's fields). */
  name?: string;
}

/** A location message: the place's name and address; a tap shows it on open_location. */
export function LocationBubble({ content }: { content: LocationContent }) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const name = content.name?.trim() || content.address;
  return (
    <button
      type="button"
      className="mm-chat-card mm-chat-location"
      data-testid="chat-location"
      onClick={() => navigate(openLocationPath({ lng: content.lgt, lat: content.lat, name, address: content.address }))}
    >
      <span className="mm-chat-location-text">
        <strong>{name}</strong>
        {name !== content.address && <span className="mm-chat-card-note">{content.address}</span>}
      </span>
      <span className="mm-chat-location-map" aria-hidden="true">
        <EnvironmentOutline />
        <span>{t('bubble.location')}</span>
      </span>
    </button>
  );
}
