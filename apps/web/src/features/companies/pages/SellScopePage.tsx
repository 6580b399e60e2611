import { useTranslation } from 'react-i18next';
import { Paths } from '../../../lib/navigation';
import { CompanyPage } from '../components/CompanyPage';
import { ScopePicker } from '../components/ScopePicker';
import '../companies.css';

/** SPEC §2 pagesA/sort/sell_sort ('products operated'). */
export default function SellScopePage() {
  const { t } = useTranslation('companies');
  return (
    <CompanyPage title={t('titles.sellScope')} backTo={Paths.userCenter}>
      {(info) => <ScopePicker info={info} field="sellProducts" />}
    </CompanyPage>
  );
}
