import { useTranslation } from 'react-i18next';
import { SortPicker } from '../components/SortPicker';

/** SPEC §2 index/buy_sort: choose the sorts of a quote group. */
export default function BuySortPage() {
  const { t } = useTranslation('markets');
  return <SortPicker title={t('picker.title')} />;
}
