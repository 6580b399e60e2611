import Cascader from 'antd-mobile/es/components/cascader';
import Input from 'antd-mobile/es/components/input';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placeLine } from './place';
import { FieldRow, PickerButton } from './Rows';

/** `@metal/shared/regions`, which the page loads on demand (the companies feature's useRegions). */
export type RegionTable = typeof import('@metal/shared/regions');

export interface Place {
  province: string;
  city: string;
  district: string;
}

interface RegionRowProps {
  label: ReactNode;
  /** The field the server names in its errors ('province'). */
  field: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Undefined while the table loads: the picker waits. */
  regions: RegionTable | undefined;
  value: Place;
  onChange: (place: Place) => void;
  placeholder: string;
  /** The sheet's title; the label when it is plain text. */
  title: string;
  testId: string;
  /** An optional place: a clear button beside it, named by this label. */
  clearLabel?: string;
}

/** A province → city → district of the region table (the delivery region, where a lot is stored). */
export function RegionRow({
  label,
  field,
  error,
  hint,
  regions,
  value,
  onChange,
  placeholder,
  title,
  testId,
  clearLabel,
}: RegionRowProps) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const options = useMemo(
    () =>
      regions
        ? regions.provinces().map((province) => ({
            label: province.name,
            value: province.code,
            children: regions.citiesOf(province.code).map((city) => ({
              label: city.name,
              value: city.code,
              children: regions
                .districtsOf(city.code)
                .map((district) => ({ label: district.name, value: district.code })),
            })),
          }))
        : [],
    [regions],
  );
  const path = regions && value.province ? regions.findRegionPath(value.province, value.city, value.district) : null;
  return (
    <FieldRow label={label} field={field} error={error} hint={hint}>
      <PickerButton
        text={placeLine(value)}
        placeholder={placeholder}
        onOpen={() => setOpen(true)}
        disabled={!regions}
        testId={testId}
        clear={
          clearLabel
            ? { label: clearLabel, onClear: () => onChange({ province: '', city: '', district: '' }) }
            : undefined
        }
      />
      <Cascader
        options={options}
        visible={open}
        title={title}
        confirmText={t('confirm')}
        cancelText={t('cancel')}
        value={path ? [path.province.code, path.city.code, path.district.code] : []}
        onClose={() => setOpen(false)}
        onConfirm={(_codes, extend) => {
          const [province, city, district] = extend.items.map((item) => String(item?.label ?? ''));
          if (province && city && district) onChange({ province, city, district });
        }}
      />
    </FieldRow>
  );
}

interface ProvinceCityRowProps extends Omit<RegionRowProps, 'value' | 'onChange' | 'clearLabel'> {
  value: { province: string; city: string };
  onChange: (place: { province: string; city: string }) => void;
  /** The first choice under each province, which keeps the whole province. */
  wholeProvince: string;
  clearLabel: string;
}

/** Anywhere (empty), a whole province, or one city of it: where an inquiry would like its suppliers to be. */
export function ProvinceCityRow({
  label,
  field,
  error,
  hint,
  regions,
  value,
  onChange,
  placeholder,
  title,
  testId,
  wholeProvince,
  clearLabel,
}: ProvinceCityRowProps) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const options = useMemo(
    () =>
      regions
        ? regions.provinces().map((province) => ({
            label: province.name,
            value: province.name,
            children: [
              { label: wholeProvince, value: '' },
              ...regions.citiesOf(province.code).map((city) => ({ label: city.name, value: city.name })),
            ],
          }))
        : [],
    [regions, wholeProvince],
  );
  return (
    <FieldRow label={label} field={field} error={error} hint={hint}>
      <PickerButton
        text={[value.province, value.city].filter(Boolean).join(' ')}
        placeholder={placeholder}
        onOpen={() => setOpen(true)}
        disabled={!regions}
        testId={testId}
        clear={{ label: clearLabel, onClear: () => onChange({ province: '', city: '' }) }}
      />
      <Cascader
        options={options}
        visible={open}
        title={title}
        confirmText={t('confirm')}
        cancelText={t('cancel')}
        value={value.province ? [value.province, value.city] : []}
        onClose={() => setOpen(false)}
        onConfirm={(values) => {
          const [province, city] = values.map((v) => String(v ?? ''));
          if (province) onChange({ province, city: city ?? '' });
        }}
      />
    </FieldRow>
  );
}

interface DateRowProps {
  label: ReactNode;
  /** The input's id (the label names it) and its name. */
  id: string;
  field: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** A day ('2026-11-20') or a day and time ('2026-11-20T17:00'), as the browser's own picker takes it. */
  type?: 'date' | 'datetime-local';
  min?: string;
  max?: string;
  value: string;
  onChange: (value: string) => void;
  wide?: boolean;
}

/** A day (or day and time, which takes the row's width) in the browser's own picker: the production date, a quote deadline, a delivery day. */
export function DateRow({
  label,
  id,
  field,
  error,
  hint,
  type = 'date',
  min,
  max,
  value,
  onChange,
  wide = type === 'datetime-local',
}: DateRowProps) {
  return (
    <FieldRow label={label} htmlFor={id} field={field} error={error} hint={hint} wide={wide}>
      <Input
        id={id}
        name={field}
        type={type}
        // antd-mobile types min/max as numbers; the native date inputs take these strings.
        {...({ min, max } as object)}
        value={value}
        onChange={onChange}
      />
    </FieldRow>
  );
}
