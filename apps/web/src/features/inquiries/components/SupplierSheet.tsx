import { INQUIRY_MAX_DESIGNATED } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import Popup from 'antd-mobile/es/components/popup';
import CheckCircleFill from 'antd-mobile-icons/es/CheckCircleFill';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../../components/SearchField';
import { useRegionName } from '../../../lib/regionName';
import { useFactoryList } from '../../stock-search/api';
import type { ChosenSupplier } from '../form';

/**
 * The designated suppliers of an inquiry: companies with an open shop, found by name through the
 * shop search (`factory/list`), at most INQUIRY_MAX_DESIGNATED. The buyer's own company is refused by
 * the server, which says so under the field.
 */
export function SupplierSheet({
  visible,
  chosen,
  onClose,
  onDone,
}: {
  visible: boolean;
  chosen: ChosenSupplier[];
  onClose: () => void;
  onDone: (suppliers: ChosenSupplier[]) => void;
}) {
  const { t } = useTranslation('inquiries');
  const regionName = useRegionName();
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<ChosenSupplier[]>(chosen);
  const factories = useFactoryList(keyword ? { keyword } : {});
  const shops = (factories.data?.pages ?? []).flatMap((page) => page.list).filter((company) => company.shopOpen);
  const isPicked = (rootId: number) => picked.some((s) => s.rootId === rootId);
  const full = picked.length >= INQUIRY_MAX_DESIGNATED;

  const toggle = (supplier: ChosenSupplier) =>
    setPicked((current) =>
      current.some((s) => s.rootId === supplier.rootId)
        ? current.filter((s) => s.rootId !== supplier.rootId)
        : current.length >= INQUIRY_MAX_DESIGNATED
          ? current
          : [...current, supplier],
    );

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderRadius: '12px 12px 0 0', height: '80vh', display: 'flex', flexDirection: 'column' }}
    >
      <div className="mm-inq-sheet mm-inq-suppliers" data-testid="supplier-sheet">
        <h2 className="mm-stock-popup-title">
          {t('form.suppliers.title', { count: picked.length, max: INQUIRY_MAX_DESIGNATED })}
        </h2>
        <SearchField placeholder={t('form.suppliers.search')} onSearch={setKeyword} />
        <ul className="mm-inq-supplier-list">
          {shops.map((company) => (
            <li key={company.rootId}>
              <button
                type="button"
                aria-pressed={isPicked(company.rootId)}
                disabled={full && !isPicked(company.rootId)}
                onClick={() => toggle({ rootId: company.rootId, name: company.name })}
              >
                <span className="mm-inq-supplier-name">{company.name}</span>
                <small>{[company.province, company.city].filter(Boolean).map(regionName).join(' ')}</small>
                {isPicked(company.rootId) && <CheckCircleFill className="mm-inq-supplier-check" aria-hidden="true" />}
              </button>
            </li>
          ))}
        </ul>
        {factories.isSuccess && shops.length === 0 && !factories.hasNextPage && (
          <p className="mm-form-hint-block">{t('form.suppliers.none')}</p>
        )}
        <InfiniteScroll
          hasMore={Boolean(factories.hasNextPage) && !factories.isError}
          loadMore={async () => {
            await factories.fetchNextPage();
          }}
        />
        <div className="mm-inq-sheet-footer">
          <Button block color="primary" shape="rounded" onClick={() => onDone(picked)} data-testid="suppliers-done">
            {t('form.suppliers.done')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
