import { Input, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

interface CaptchaInputProps {
  svg: string | undefined;
  loading: boolean;
  value?: string;
  onChange?: (value: string) => void;
  onRefresh: () => void;
}

/** The image captcha the server asks for after repeated failed logins; click the picture for another. */
export function CaptchaInput({ svg, loading, value, onChange, onRefresh }: CaptchaInputProps) {
  const { t } = useTranslation('accounts');
  return (
    <Space.Compact block>
      <Input
        size="large"
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        placeholder={t('login.captchaPlaceholder')}
        name="captcha"
        autoComplete="off"
        maxLength={12}
      />
      <button type="button" className="mc-captcha" onClick={onRefresh} aria-label={t('login.captchaAlt')}>
        {svg && !loading ? (
          <img src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} alt={t('login.captchaAlt')} />
        ) : (
          <Spin size="small" />
        )}
      </button>
    </Space.Compact>
  );
}
