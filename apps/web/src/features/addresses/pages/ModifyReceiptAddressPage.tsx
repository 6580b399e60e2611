import { type TReceiptAddress, ZReceiptAddressSaveRequest } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Cascader from 'antd-mobile/es/components/cascader';
import Input from 'antd-mobile/es/components/input';
import Switch from 'antd-mobile/es/components/switch';
import TextArea from 'antd-mobile/es/components/text-area';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { placeLine } from '../../../components/form/place';
import { FieldRow, required } from '../../../components/form/Rows';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { Page, useBack } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { showFail, showSuccess } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import { useRegionName } from '../../../lib/regionName';
import { fieldErrors, useMessage } from '../../../lib/validation';
import { chosenRegions, type RegionTable, regionOptions } from '../../companies/address';
import { RegionsGate } from '../../companies/components/RegionsGate';
import { type ReceiptAddressInput, useReceiptAddresses, useSaveReceiptAddress } from '../api';
import { ListStates } from '../components/ListStates';
import '../addresses.css';

/** The province, city and district fields report as one 'region' field, as the region picker is one row. */
const shownField = (field: string) => (['province', 'city', 'district'].includes(field) ? 'region' : field);

/** SPEC §2 modify_receipt_address: add (no id) or edit one; SPEC §5 receiver, phone, region, detail required. */
export default function ModifyReceiptAddressPage() {
  const { t } = useTranslation('addresses');
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0) || 0;
  const addresses = useReceiptAddresses();
  return (
    <Page title={id ? t('titles.editAddress') : t('titles.addAddress')} backTo={Paths.receiptAddress}>
      <ListStates query={addresses}>
        {(data) => {
          const editing = id ? data.addresses.find((a) => a.id === id) : undefined;
          if (id && !editing) return <EmptyState kind="lost" title={t('address.notFound')} />;
          return (
            <RegionsGate>
              {(regions) => <AddressForm regions={regions} editing={editing} first={data.addresses.length === 0} />}
            </RegionsGate>
          );
        }}
      </ListStates>
    </Page>
  );
}

interface Draft {
  receiver: string;
  phone: string;
  provinceCode: string;
  cityCode: string;
  districtCode: string;
  detail: string;
  isDefault: boolean;
}

function draftOf(regions: RegionTable, address: TReceiptAddress | undefined, first: boolean): Draft {
  const path = address ? regions.findRegionPath(address.province, address.city, address.district) : null;
  return {
    receiver: address?.receiver ?? '',
    phone: address?.phone ?? '',
    provinceCode: path?.province.code ?? '',
    cityCode: path?.city.code ?? '',
    districtCode: path?.district.code ?? '',
    detail: address?.detail ?? '',
    isDefault: address?.isDefault ?? first,
  };
}

function AddressForm({ regions, editing, first }: { regions: RegionTable; editing?: TReceiptAddress; first: boolean }) {
  const { t } = useTranslation(['addresses', 'common']);
  const message = useMessage();
  const regionName = useRegionName();
  const back = useBack(Paths.receiptAddress);
  const save = useSaveReceiptAddress();
  const errors = useFieldErrors();
  const [draft, setDraft] = useState(() => draftOf(regions, editing, first));
  const [picking, setPicking] = useState(false);
  const options = useMemo(() => regionOptions(regions), [regions]);
  const names = chosenRegions(regions, draft);
  const update = (patch: Partial<Draft>, field: string) => {
    setDraft((current) => ({ ...current, ...patch }));
    if (errors.keys[field]) errors.set(field, '');
  };

  const onSave = async () => {
    const input: ReceiptAddressInput = {
      ...(editing ? { id: editing.id } : {}),
      receiver: draft.receiver.trim(),
      phone: draft.phone.trim(),
      province: names?.province.name ?? '',
      city: names?.city.name ?? '',
      district: names?.district.name ?? '',
      detail: draft.detail.trim(),
      isDefault: draft.isDefault ? 1 : 0,
    };
    const parsed = ZReceiptAddressSaveRequest.safeParse(input);
    if (!parsed.success) {
      const problems: Record<string, string> = {};
      for (const [field, key] of Object.entries(fieldErrors(parsed.error.issues))) problems[shownField(field)] ??= key;
      errors.setAll(problems);
      const firstProblem = Object.values(problems)[0];
      if (firstProblem) showFail(message(firstProblem));
      return;
    }
    try {
      await save.mutateAsync(input);
      showSuccess(t('saved'));
      back();
    } catch (error) {
      if (isApiError(error) && error.errors) {
        const shown: Record<string, string> = {};
        for (const [field, key] of Object.entries(error.errors)) shown[shownField(field)] ??= key;
        errors.setAll(shown);
      }
    }
  };

  const regionText = names
    ? placeLine({ province: names.province.name, city: names.city.name, district: names.district.name }, regionName)
    : '';

  return (
    <>
      <section className="mm-card mm-form-card">
        <FieldRow
          label={required(t('address.receiver'))}
          htmlFor="address-receiver"
          field="receiver"
          error={errors.show('receiver')}
        >
          <Input
            id="address-receiver"
            name="receiver"
            value={draft.receiver}
            maxLength={20}
            placeholder={t('address.receiverPlaceholder')}
            onChange={(receiver) => update({ receiver }, 'receiver')}
          />
        </FieldRow>
        <FieldRow
          label={required(t('address.phone'))}
          htmlFor="address-phone"
          field="phone"
          error={errors.show('phone')}
        >
          <Input
            id="address-phone"
            name="phone"
            type="tel"
            value={draft.phone}
            maxLength={20}
            placeholder={t('address.phonePlaceholder')}
            onChange={(phone) => update({ phone }, 'phone')}
          />
        </FieldRow>
        <FieldRow label={required(t('address.region'))} field="region" error={errors.show('region')}>
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
        <FieldRow
          label={required(t('address.detail'))}
          htmlFor="address-detail"
          field="detail"
          error={errors.show('detail')}
        >
          <TextArea
            id="address-detail"
            name="detail"
            value={draft.detail}
            maxLength={100}
            autoSize={{ minRows: 2, maxRows: 4 }}
            placeholder={t('address.detailPlaceholder')}
            onChange={(detail) => update({ detail }, 'detail')}
          />
        </FieldRow>
      </section>
      <section className="mm-card mm-addr-switch">
        <span>{t('address.makeDefault')}</span>
        <Switch
          aria-label={t('address.makeDefault')}
          data-testid="address-default"
          checked={draft.isDefault}
          disabled={first || editing?.isDefault}
          onChange={(isDefault) => update({ isDefault }, 'isDefault')}
        />
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
        value={names ? [draft.provinceCode, draft.cityCode, draft.districtCode] : []}
        onClose={() => setPicking(false)}
        onConfirm={(codes) => {
          const [provinceCode, cityCode, districtCode] = codes.map((c) => String(c ?? ''));
          if (!provinceCode || !cityCode || !districtCode) {
            errors.set('region', 'address.regionInvalid');
            return;
          }
          update({ provinceCode, cityCode, districtCode }, 'region');
        }}
      />
    </>
  );
}
