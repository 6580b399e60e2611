import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Paths } from '../lib/navigation';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('notFound')}
      extra={
        <Link to={Paths.home}>
          <Button type="primary">{t('toHome')}</Button>
        </Link>
      }
    />
  );
}
