import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Popup from 'antd-mobile/es/components/popup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const PARAGRAPHS = ['agreement1', 'agreement2', 'agreement3', 'agreement4'] as const;

/** SPEC §5: the certified-supplier agreement, to be agreed to before a certified-supplier purchase. */
export function Agreement({
  checked,
  onChange,
  highlight,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  highlight: boolean;
}) {
  const { t } = useTranslation('memberships');
  const [reading, setReading] = useState(false);
  return (
    <div className={`mm-vip-agree ${highlight && !checked ? 'is-highlighted' : ''}`}>
      <Checkbox
        checked={checked}
        onChange={onChange}
        style={{ '--icon-size': '18px', '--font-size': '13px', '--gap': '6px' }}
        data-testid="vip-agree"
      >
        {t('open.agreePrefix')}
      </Checkbox>
      <button type="button" className="mm-link mm-vip-agree-link" onClick={() => setReading(true)}>
        {t('open.agreementLink')}
      </button>
      <Popup
        visible={reading}
        onMaskClick={() => setReading(false)}
        onClose={() => setReading(false)}
        bodyClassName="mm-vip-agreement"
        showCloseButton
      >
        <h3>{t('open.agreementTitle')}</h3>
        <ol>
          {PARAGRAPHS.map((key) => (
            <li key={key}>{t(`open.${key}`)}</li>
          ))}
        </ol>
        <Button block color="primary" shape="rounded" size="large" onClick={() => setReading(false)}>
          {t('open.close')}
        </Button>
      </Popup>
    </div>
  );
}
