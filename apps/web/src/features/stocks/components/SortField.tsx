import Popup from 'antd-mobile/es/components/popup';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldRow, required } from '../../../components/form/Rows';
import { useProductSorts } from '../../markets/api';
import { groupByMetal } from '../../markets/groups';
import '../locale';
import '../stocks.css';

/** Category: the physical products of the sort catalogue by metal, in a sheet (input_stock, input_inquiry). */
export function SortField({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (id: number) => void;
  error?: string;
}) {
  const { t } = useTranslation(['stocks', 'form']);
  const sorts = useProductSorts();
  const [open, setOpen] = useState(false);
  const chosen = sorts.data?.find((sort) => sort.id === value);
  return (
    <FieldRow label={required(t('input.category'))} field="sortId" error={error}>
      <button
        type="button"
        className={`mm-form-picker ${chosen ? '' : 'is-placeholder'}`}
        onClick={() => setOpen(true)}
        data-testid="sort-picker"
      >
        <span>{chosen?.sortName ?? t('form:chooseCategory')}</span>
        <RightOutline aria-hidden="true" />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyStyle={{ borderRadius: '12px 12px 0 0' }}
      >
        <h2 className="mm-stock-popup-title">{t('input.categoryTitle')}</h2>
        <div className="mm-stock-sorts" data-testid="sort-sheet">
          {groupByMetal(sorts.data ?? []).map((section) => (
            <section key={section.metal}>
              <h3>{t(`input.metal.${section.metal}`)}</h3>
              <div className="mm-stock-sort-grid">
                {section.sorts.map((sort) => (
                  <button
                    key={sort.id}
                    type="button"
                    className={sort.id === value ? 'is-active' : ''}
                    onClick={() => {
                      onChange(sort.id);
                      setOpen(false);
                    }}
                  >
                    {sort.sortName}
                  </button>
                ))}
              </div>
            </section>
          ))}
        </div>
      </Popup>
    </FieldRow>
  );
}
