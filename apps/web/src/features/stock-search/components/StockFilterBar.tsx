import { ZStockListRequest } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Dropdown, { type DropdownRef } from 'antd-mobile/es/components/dropdown';
import Input from 'antd-mobile/es/components/input';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import { useRegionName } from '../../../lib/regionName';
import { fieldErrors, localizeMessage } from '../../../lib/validation';
import { useRegions } from '../../companies/api';
import { useMarketSorts, useProductSorts } from '../../markets/api';
import type { StockListParams } from '../filters';

type Change = (changes: Partial<StockListParams>) => void;

function Choice({ active, onClick, children }: { active: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={`mm-ss-choice ${active ? 'is-active' : ''}`} onClick={onClick}>
      {children}
    </button>
  );
}

/**
 * The sorts of the catalogue; 'all' clears the category. Lists of stock and inquiries offer physical
 * products only (`products`): no listing or inquiry names a futures series.
 */
export function CategoryChoices({
  value,
  onPick,
  products = false,
}: {
  value: number | undefined;
  onPick: (id: number | undefined) => void;
  products?: boolean;
}) {
  const { t } = useTranslation('stockSearch');
  const everySort = useMarketSorts();
  const productSorts = useProductSorts();
  const sorts = products ? productSorts : everySort;
  return (
    <div className="mm-ss-choices" data-testid="category-choices">
      <Choice active={value === undefined} onClick={() => onPick(undefined)}>
        {t('list.allCategories')}
      </Choice>
      {(sorts.data ?? []).map((sort) => (
        <Choice key={sort.id} active={value === sort.id} onClick={() => onPick(sort.id)}>
          {sort.sortName}
        </Choice>
      ))}
    </div>
  );
}

/** Province, then city (the region table loads with the first opening); 'nationwide' and 'whole province' widen. */
export function RegionChoices({
  province,
  city,
  onPick,
}: {
  province: string;
  city: string;
  onPick: (province: string, city: string) => void;
}) {
  const { t } = useTranslation('stockSearch');
  const regionName = useRegionName();
  const regions = useRegions();
  const [open, setOpen] = useState(province);
  const table = regions.data;
  const openCode = table?.provinces().find((p) => p.name === open)?.code;
  return (
    <div className="mm-ss-regions" data-testid="region-choices">
      <ul className="mm-ss-region-col">
        <li>
          <Choice active={!province} onClick={() => onPick('', '')}>
            {t('list.nationwide')}
          </Choice>
        </li>
        {table?.provinces().map((p) => (
          <li key={p.code}>
            <Choice active={open === p.name} onClick={() => setOpen(p.name)}>
              {regionName(p.name)}
            </Choice>
          </li>
        ))}
      </ul>
      <ul className="mm-ss-region-col">
        {open && openCode && (
          <>
            <li>
              <Choice active={province === open && !city} onClick={() => onPick(open, '')}>
                {t('list.wholeProvince')}
              </Choice>
            </li>
            {table?.citiesOf(openCode).map((c) => (
              <li key={c.code}>
                <Choice active={province === open && city === c.name} onClick={() => onPick(open, c.name)}>
                  {regionName(c.name)}
                </Choice>
              </li>
            ))}
          </>
        )}
      </ul>
    </div>
  );
}

/** The price range in yuan per ton, checked by the shared schema the server uses. */
function PriceForm({ filters, onApply }: { filters: StockListParams; onApply: (min: string, max: string) => void }) {
  const { t } = useTranslation('stockSearch');
  const [lang] = useLanguage();
  const [min, setMin] = useState(filters.priceMin);
  const [max, setMax] = useState(filters.priceMax);
  const [error, setError] = useState('');
  const apply = () => {
    const checked = ZStockListRequest.safeParse({ priceMin: min.trim(), priceMax: max.trim() });
    if (!checked.success) {
      const errors = fieldErrors(checked.error.issues);
      setError(localizeMessage(errors.priceMin ?? errors.priceMax ?? '', lang));
      return;
    }
    setError('');
    onApply(min.trim(), max.trim());
  };
  return (
    <div className="mm-ss-form">
      <div className="mm-ss-form-label">{t('list.priceRange')}</div>
      <div className="mm-ss-range">
        <Input
          aria-label={t('list.priceMin')}
          placeholder={t('list.priceMin')}
          inputMode="decimal"
          value={min}
          onChange={setMin}
          clearable
        />
        <span>—</span>
        <Input
          aria-label={t('list.priceMax')}
          placeholder={t('list.priceMax')}
          inputMode="decimal"
          value={max}
          onChange={setMax}
          clearable
        />
      </div>
      {error && (
        <p className="mm-ss-error" role="alert">
          {error}
        </p>
      )}
      <div className="mm-ss-form-actions">
        <Button onClick={() => onApply('', '')}>{t('list.reset')}</Button>
        <Button color="primary" onClick={apply}>
          {t('list.confirm')}
        </Button>
      </div>
    </div>
  );
}

/** Flags and specification text. */
function MoreForm({ filters, onApply }: { filters: StockListParams; onApply: Change }) {
  const { t } = useTranslation('stockSearch');
  const [fixedPrice, setFixedPrice] = useState(filters.fixedPrice);
  const [specialSale, setSpecialSale] = useState(filters.specialSale);
  const [specification, setSpecification] = useState(filters.specification);
  return (
    <div className="mm-ss-form">
      <div className="mm-ss-form-label">{t('list.flags')}</div>
      <div className="mm-ss-choices">
        <Choice active={fixedPrice} onClick={() => setFixedPrice(!fixedPrice)}>
          {t('list.fixedPrice')}
        </Choice>
        <Choice active={specialSale} onClick={() => setSpecialSale(!specialSale)}>
          {t('list.specialSale')}
        </Choice>
      </div>
      <div className="mm-ss-form-label">{t('list.specification')}</div>
      <Input
        className="mm-ss-input"
        aria-label={t('list.specification')}
        placeholder={t('list.specificationPlaceholder')}
        value={specification}
        onChange={setSpecification}
        maxLength={30}
        clearable
      />
      <div className="mm-ss-form-actions">
        <Button onClick={() => onApply({ fixedPrice: false, specialSale: false, specification: '' })}>
          {t('list.reset')}
        </Button>
        <Button
          color="primary"
          onClick={() => onApply({ fixedPrice, specialSale, specification: specification.trim() })}
        >
          {t('list.confirm')}
        </Button>
      </div>
    </div>
  );
}

/** stock_list's filters: category, region, price range and the rest, each in a panel under the bar. */
export function StockFilterBar({ filters, onChange }: { filters: StockListParams; onChange: Change }) {
  const { t } = useTranslation('stockSearch');
  const regionName = useRegionName();
  const dropdown = useRef<DropdownRef>(null);
  const sorts = useMarketSorts();
  const change: Change = (changes) => {
    dropdown.current?.close();
    onChange(changes);
  };
  const sortName = sorts.data?.find((sort) => sort.id === filters.sortId)?.sortName;
  const priceTitle =
    filters.priceMin || filters.priceMax ? `${filters.priceMin || '0'}-${filters.priceMax || '∞'}` : t('list.price');
  const moreActive = filters.fixedPrice || filters.specialSale || Boolean(filters.specification);
  const title = (text: string, active: boolean) => <span className={active ? 'mm-ss-bar-active' : ''}>{text}</span>;
  return (
    <Dropdown ref={dropdown} className="mm-ss-bar">
      <Dropdown.Item key="category" title={title(sortName ?? t('list.category'), filters.sortId !== undefined)}>
        <CategoryChoices value={filters.sortId} onPick={(sortId) => change({ sortId })} products />
      </Dropdown.Item>
      <Dropdown.Item
        key="region"
        title={title(regionName(filters.city || filters.province || '') || t('list.region'), Boolean(filters.province))}
      >
        <RegionChoices
          province={filters.province}
          city={filters.city}
          onPick={(province, city) => change({ province, city })}
        />
      </Dropdown.Item>
      <Dropdown.Item key="price" title={title(priceTitle, Boolean(filters.priceMin || filters.priceMax))}>
        <PriceForm
          key={`${filters.priceMin}|${filters.priceMax}`}
          filters={filters}
          onApply={(priceMin, priceMax) => change({ priceMin, priceMax })}
        />
      </Dropdown.Item>
      <Dropdown.Item key="more" title={title(t('list.more'), moreActive)}>
        <MoreForm
          key={`${filters.fixedPrice}|${filters.specialSale}|${filters.specification}`}
          filters={filters}
          onApply={change}
        />
      </Dropdown.Item>
    </Dropdown>
  );
}
