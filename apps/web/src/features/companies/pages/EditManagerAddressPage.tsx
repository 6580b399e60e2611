import type { TCompanyInfo } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Cascader from 'antd-mobile/es/components/cascader';
import TextArea from 'antd-mobile/es/components/text-area';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDraft } from '../../../components/form/draft';
import { FieldRow } from '../../../components/form/Rows';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { useBack } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { showFail, showSuccess } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useMessage } from '../../../lib/validation';
import {
  type AddressDraft,
  addressErrors,
  addressServerErrors,
  chosenRegions,
  draftFromAddress,
  type RegionTable,
  regionOptions,
  toAddressInput,
} from '../address';
import { useSaveAddress } from '../api';
import { CompanyPage } from '../components/CompanyPage';
import { PointSummary } from '../components/PointSummary';
import { RegionsGate } from '../components/RegionsGate';
import { DraftKeys } from '../form';
import '../companies.css';
import { placeLine } from '../../../components/form/place';
import { useRegionName } from '../../../lib/regionName';

/** SPEC §2 pagesA/user_center/edit_manager_address: province → city → district from the region table, the street address, and the map point. */
export default function EditManagerAddressPage() {
  const { t } = useTranslation('companies');
  return (
    <CompanyPage title={t('titles.editManagerAddress')} backTo={Paths.managerAddress}>
      {(info) =>
        info.editable ? (
          <RegionsGate>{(regions) => <AddressForm info={info} regions={regions} />}</RegionsGate>
        ) : (
          <p className="mm-co-readonly">{t('readOnly')}</p>
        )
      }
    </CompanyPage>
  );
}

function AddressForm({ info, regions }: { info: TCompanyInfo; regions: RegionTable }) {
  const { t } = useTranslation(['companies', 'common']);
  const regionName = useRegionName();
  const message = useMessage();
  const navigate = useNavigate();
  const back = useBack(Paths.managerAddress);
  const { user } = useSession();
  const save = useSaveAddress();
  const errors = useFieldErrors();
  const [draft, setDraft] = useDraft<AddressDraft>(DraftKeys.address(user?.userId ?? 0));
  const [picking, setPicking] = useState(false);
  const options = useMemo(() => regionOptions(regions), [regions]);

  const value = draft ?? draftFromAddress(regions, info.manageAddress);
  const names = chosenRegions(regions, value);
  const update = (patch: Partial<AddressDraft>, field: string) => {
    setDraft({ ...value, ...patch });
    if (errors.keys[field]) errors.set(field, '');
  };

  const onSave = async () => {
    const input = toAddressInput(names, value);
    const problems = addressErrors(input);
    errors.setAll(problems);
    const first = Object.values(problems)[0];
    if (first) {
      showFail(message(first));
      return;
    }
    try {
      await save.mutateAsync(input);
      setDraft(null);
      showSuccess(t('saved'));
      back();
    } catch (error) {
      // The draft stays as it is; the server's reasons go beside their fields.
      if (isApiError(error) && error.errors) errors.setAll(addressServerErrors(error.errors));
    }
  };

  const regionText = names
    ? placeLine({ province: names.province.name, city: names.city.name, district: names.district.name }, regionName)
    : '';

  return (
    <>
      <section className="mm-card mm-form-card">
        <FieldRow label={t('address.region')} field="region" error={errors.show('region')}>
          <button
            type="button"
            className={`mm-form-picker ${names ? '' : 'is-placeholder'}`}
            onClick={() => setPicking(true)}
            data-testid="region-picker"
          >
            <span>{regionText || t('address.regionPlaceholder')}</span>
            <RightOutline aria-hidden="true" />
          </button>
        </FieldRow>
        <FieldRow label={t('address.detail')} htmlFor="address-detail" field="detail" error={errors.show('detail')}>
          <TextArea
            id="address-detail"
            name="detail"
            value={value.detail}
            maxLength={100}
            autoSize={{ minRows: 2, maxRows: 4 }}
            placeholder={t('address.detailPlaceholder')}
            onChange={(detail) => update({ detail }, 'detail')}
          />
        </FieldRow>
        <FieldRow label={t('address.point')} field="lng" error={errors.show('lng')}>
          <button
            type="button"
            className="mm-form-picker"
            onClick={() => navigate(Paths.chooseAddress)}
            data-testid="point-picker"
          >
            {names ? (
              <PointSummary point={value.point} names={names} />
            ) : (
              <span className="is-placeholder">{t('choose.needRegion')}</span>
            )}
            <RightOutline aria-hidden="true" />
          </button>
        </FieldRow>
      </section>
      <div className="mm-form-actions">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={save.isPending}
          onClick={onSave}
          data-testid="address-save"
        >
          {t('save')}
        </Button>
      </div>
      <Cascader
        options={options}
        visible={picking}
        title={t('address.regionPickerTitle')}
        placeholder={t('address.pickerPlaceholder')}
        confirmText={t('common:confirm')}
        cancelText={t('common:cancel')}
        value={names ? [value.provinceCode, value.cityCode, value.districtCode] : []}
        onClose={() => setPicking(false)}
        onConfirm={(codes) => {
          const [provinceCode, cityCode, districtCode] = codes.map((c) => String(c ?? ''));
          if (!provinceCode || !cityCode || !districtCode) {
            errors.set('region', 'company.regionInvalid');
            return;
          }
          update({ provinceCode, cityCode, districtCode }, 'region');
        }}
      />
    </>
  );
}
