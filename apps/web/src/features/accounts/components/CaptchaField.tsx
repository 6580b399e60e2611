import SpinLoading from 'antd-mobile/es/components/spin-loading';
import PictureOutline from 'antd-mobile-icons/es/PictureOutline';
import { useTranslation } from 'react-i18next';
import { TextField } from './TextField';

interface CaptchaFieldProps {
  svg: string | undefined;
  loading: boolean;
  value: string;
  onChange: (value: string) => void;
  onRefresh: () => void;
  error?: string | undefined;
}

/** The image captcha the server asks for after repeated failed logins; tap the picture for another. */
export function CaptchaField({ svg, loading, value, onChange, onRefresh, error }: CaptchaFieldProps) {
  const { t } = useTranslation('accounts');
  return (
    <TextField
      icon={<PictureOutline />}
      error={error}
      extra={
        <button type="button" className="mm-captcha" onClick={onRefresh} aria-label={t('login.captchaAlt')}>
          {svg && !loading ? (
            <img src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} alt={t('login.captchaAlt')} />
          ) : (
            <SpinLoading style={{ '--size': '20px' }} />
          )}
        </button>
      }
      hint={t('login.captchaHint')}
      value={value}
      onChange={onChange}
      placeholder={t('login.captchaPlaceholder')}
      name="captcha"
      autoComplete="off"
      maxLength={12}
    />
  );
}
