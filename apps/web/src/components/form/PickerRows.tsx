import Cascader from 'antd-mobile/es/components/cascader';
import Input from 'antd-mobile/es/components/input';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegionName } from '../../lib/regionName';
import { placeLine } from './place';
import { FieldRow, PickerButton } from './Rows';

/** `@metal/shared/regions`, which the page loads on demand (the companies feature's useRegions). */
export type RegionTable = typeof import('@metal/shared/regions');

export interface Place {
  province: string;
  city: string;
  district: string;
}

interface PlaceRowProps {
  label: ReactNode;
  /** The field the server names in its errors ('province'). */
  field: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Undefined while the table loads: the picker waits. */
  regions: RegionTable | undefined;
  placeholder: string;
  /** The sheet's title; the label when it is plain text. */
  title: string;
  testId: string;
}

type CascaderOptions = Parameters<typeof Cascader>[0]['options'];

/**
 * The row both place pickers are: the chosen place as a button (clearable when `onClear` is given) that
 * opens a cascading sheet; `onPick` gets the values of the items chosen, one per level (the Chinese names the
 * wire carries, whatever language the labels are in).
 */
function CascadeRow({
  label,
  field,
  error,
  hint,
  regions,
  placeholder,
  title,
  testId,
  text,
  options,
  value,
  onPick,
  clear,
}: PlaceRowProps & {
  text: string;
  options: CascaderOptions;
  value: string[];
  onPick: (values: string[]) => void;
  clear?: { label: string; onClear: () => void } | undefined;
}) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  return (
    <FieldRow label={label} field={field} error={error} hint={hint}>
      <PickerButton
        text={text}
        placeholder={placeholder}
        onOpen={() => setOpen(true)}
        disabled={!regions}
        testId={testId}
        clear={clear}
      />
      <Cascader
        options={options}
        visible={open}
        title={title}
        confirmText={t('confirm')}
        cancelText={t('cancel')}
        value={value}
        onClose={() => setOpen(false)}
        onConfirm={(values) => onPick(values.map((value) => String(value ?? '')))}
      />
    </FieldRow>
  );
}

/** A province → city → district of the region table (the delivery region, where a lot is stored). */
export function RegionRow({
  regions,
  value,
  onChange,
  clearLabel,
  ...row
}: PlaceRowProps & {
  value: Place;
  onChange: (place: Place) => void;
  /** An optional place: a clear button beside it, named by this label. */
  clearLabel?: string;
}) {
  const regionName = useRegionName();
  const options = useMemo(
    () =>
      regions
        ? regions.provinces().map((province) => ({
            label: regionName(province.name),
            value: province.name,
            children: regions.citiesOf(province.code).map((city) => ({
              label: regionName(city.name),
              value: city.name,
              children: regions
                .districtsOf(city.code)
                .map((district) => ({ label: regionName(district.name), value: district.name })),
            })),
          }))
        : [],
    [regions, regionName],
  );
  const path = regions && value.province ? regions.findRegionPath(value.province, value.city, value.district) : null;
  return (
    <CascadeRow
      {...row}
      regions={regions}
      text={placeLine(value, regionName)}
      options={options}
      value={path ? [path.province.name, path.city.name, path.district.name] : []}
      onPick={([province, city, district]) => {
        if (province && city && district) onChange({ province, city, district });
      }}
      clear={
        clearLabel
          ? { label: clearLabel, onClear: () => onChange({ province: '', city: '', district: '' }) }
          : undefined
      }
    />
  );
}

/** Anywhere (empty), a whole province, or one city of it: where an inquiry would like its suppliers to be. */
export function ProvinceCityRow({
  regions,
  value,
  onChange,
  wholeProvince,
  clearLabel,
  ...row
}: PlaceRowProps & {
  value: { province: string; city: string };
  onChange: (place: { province: string; city: string }) => void;
  /** The first choice under each province, which keeps the whole province. */
  wholeProvince: string;
  clearLabel: string;
}) {
  const regionName = useRegionName();
  const options = useMemo(
    () =>
      regions
        ? regions.provinces().map((province) => ({
            label: regionName(province.name),
            value: province.name,
            children: [
              { label: wholeProvince, value: '' },
              ...regions.citiesOf(province.code).map((city) => ({ label: regionName(city.name), value: city.name })),
            ],
          }))
        : [],
    [regions, wholeProvince, regionName],
  );
  return (
    <CascadeRow
      {...row}
      regions={regions}
      text={[value.province, value.city].filter(Boolean).map(regionName).join(' ')}
      options={options}
      value={value.province ? [value.province, value.city] : []}
      onPick={([province, city]) => {
        // The whole-province choice's value is empty: it keeps the city empty.
        if (province) onChange({ province, city: city ?? '' });
      }}
      clear={{ label: clearLabel, onClear: () => onChange({ province: '', city: '' }) }}
    />
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
