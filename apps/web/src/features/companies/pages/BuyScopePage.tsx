import { useTranslation } from 'react-i18next';
import { Paths } from '../../../lib/navigation';
import { CompanyPage } from '../components/CompanyPage';
import { ScopePicker } from '../components/ScopePicker';
import '../companies.css';

/** SPEC §2 pagesA/sort/buy_sort ('purchase scope'). */
export default function BuyScopePage() {
  const { t } = useTranslation('companies');
  return (
    <CompanyPage title={t('titles.buyScope')} backTo={Paths.userCenter}>
      {(info) => <ScopePicker info={info} field="buyProducts" />}
    </CompanyPage>
  );
}
