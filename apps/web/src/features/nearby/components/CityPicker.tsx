import CascadePicker, { type CascadePickerOption } from 'antd-mobile/es/components/cascade-picker';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegionName } from '../../../lib/regionName';
import { useRegions } from '../../companies/api';

type RegionTable = typeof import('@metal/shared/regions');

export interface PickedCity {
  name: string;
  lng: number;
  lat: number;
}

/** Province → city: a city is the unit people name when asked where they are. */
function cityOptions(regions: RegionTable, regionName: (name: string) => string): CascadePickerOption[] {
  return regions.provinces().map((province) => ({
    label: regionName(province.name),
    value: province.code,
    children: regions.citiesOf(province.code).map((city) => ({ label: regionName(city.name), value: city.code })),
  }));
}

/** The city a picker value names, at its centre (GCJ-02) from the region table. */
function cityOf(regions: RegionTable, provinceCode: string, cityCode: string): PickedCity | null {
  const province = regions.provinces().find((p) => p.code === provinceCode);
  const city = province && regions.citiesOf(province.code).find((c) => c.code === cityCode);
  if (!province || !city) return null;
  // A municipality is its own city: 北京市, not 北京市 北京市.
  const name = city.name === province.name ? city.name : `${province.name} ${city.name}`;
  return { name, lng: city.lng, lat: city.lat };
}

/** Picks a city from the shipped region table (loaded when first opened), for looking around its centre. */
export function CityPicker({
  visible,
  onClose,
  onPick,
}: {
  visible: boolean;
  onClose: () => void;
  onPick: (city: PickedCity) => void;
}) {
  const { t } = useTranslation('nearby');
  const regionName = useRegionName();
  const regions = useRegions();
  const options = useMemo(
    () => (regions.data ? cityOptions(regions.data, regionName) : []),
    [regions.data, regionName],
  );
  return (
    <CascadePicker
      title={t('location.pickCityTitle')}
      options={options}
      loading={!regions.data}
      visible={visible}
      onClose={onClose}
      confirmText={t('location.confirm')}
      cancelText={t('location.cancel')}
      onConfirm={(value) => {
        const [provinceCode, cityCode] = value;
        const city =
          regions.data && provinceCode && cityCode
            ? cityOf(regions.data, String(provinceCode), String(cityCode))
            : null;
        if (city) onPick(city);
      }}
    />
  );
}
