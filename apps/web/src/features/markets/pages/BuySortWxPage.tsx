import { useTranslation } from 'react-i18next';
import { SortPicker } from '../components/SortPicker';

/** SPEC §2 index/buy_sort_wx: the same picker, titled 'all categories'. */
export default function BuySortWxPage() {
  const { t } = useTranslation('markets');
  return <SortPicker title={t('picker.allCategories')} />;
}
