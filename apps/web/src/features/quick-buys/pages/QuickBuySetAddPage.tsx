import { Calls, QUICK_BUY_SPEC_MAX, ZQuickBuyAddRequest } from '@metal/shared';
import Input from 'antd-mobile/es/components/input';
import Picker from 'antd-mobile/es/components/picker';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { FieldRow, PickerButton } from '../../../components/form/Rows';
import { Page } from '../../../components/Page';
import { showFail, showSuccess } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useMessage } from '../../../lib/validation';
import { useRegions } from '../../companies/api';
import { SortField } from '../../stocks/components/SortField';
import { useAddQuickBuy } from '../api';
import '../../stocks/stocks.css';
import '../quick-buys.css';
import { useRegionName } from '../../../lib/regionName';
import { SubmitIfAllowed } from '../../staff/NoPermissionNote';

/** Optional province: nationwide when none is chosen. */
function ProvinceField({ value, onChange }: { value: string; onChange: (province: string) => void }) {
  const { t } = useTranslation(['quickBuys', 'common']);
  const regionName = useRegionName();
  const regions = useRegions();
  const [open, setOpen] = useState(false);
  const columns = useMemo(
    () => [regions.data ? regions.data.provinces().map((p) => ({ label: regionName(p.name), value: p.name })) : []],
    [regions.data, regionName],
  );
  return (
    <FieldRow label={t('province')} field="province">
      <PickerButton
        text={regionName(value)}
        placeholder={t('provincePlaceholder')}
        onOpen={() => setOpen(true)}
        disabled={!regions.data}
        testId="province-picker"
        clear={{ label: t('provinceClear'), onClear: () => onChange('') }}
      />
      <Picker
        columns={columns}
        visible={open}
        title={t('provinceTitle')}
        confirmText={t('common:confirm')}
        cancelText={t('common:cancel')}
        value={value ? [value] : []}
        onClose={() => setOpen(false)}
        onConfirm={([province]) => onChange(String(province ?? ''))}
      />
    </FieldRow>
  );
}

/**
 * SPEC §2 quick_buy/quick_buy_set_add: a category, optionally a specification and a province. SPEC §8's
 * 'Cannot add empty information!' before sending; 'already subscribed' comes from the server.
 */
export default function QuickBuySetAddPage() {
  const { t } = useTranslation('quickBuys');
  const navigate = useNavigate();
  const message = useMessage();
  const { loggedIn } = useSession();
  const add = useAddQuickBuy();
  const [sortId, setSortId] = useState<number | null>(null);
  const [specification, setSpecification] = useState('');
  const [province, setProvince] = useState('');
  const [sortError, setSortError] = useState<string>();

  const submit = async () => {
    const input = { sortId: sortId ?? '', specification, province };
    const parsed = ZQuickBuyAddRequest.safeParse(input);
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? 'common.invalidInput';
      // SPEC §8 shows 'Cannot add empty information!' as a toast; a missing category is also marked on its row.
      showFail(message(key));
      if (key === 'quickBuy.categoryRequired') setSortError(message(key));
      return;
    }
    try {
      await add.mutateAsync(input);
      showSuccess(t('saved'));
      navigate(Paths.quickBuySet, { replace: true });
    } catch {
      // The toast has said why (already subscribed, too many); the form keeps what was entered.
    }
  };

  return (
    <Page title={t('addTitle')} backTo={Paths.quickBuySet} className="mm-qb-page">
      {loggedIn ? (
        <div className="mm-stock-form">
          <p className="mm-form-intro">{t('addHint')}</p>
          <section className="mm-card mm-form-card">
            <SortField
              value={sortId}
              onChange={(id) => {
                setSortId(id);
                setSortError(undefined);
              }}
              error={sortError}
            />
            <FieldRow label={t('spec')} htmlFor="quick-buy-spec" field="specification">
              <Input
                id="quick-buy-spec"
                name="specification"
                value={specification}
                maxLength={QUICK_BUY_SPEC_MAX}
                placeholder={t('specPlaceholder')}
                onChange={setSpecification}
                clearable
              />
            </FieldRow>
            <ProvinceField value={province} onChange={setProvince} />
          </section>
          <div className="mm-form-actions">
            <SubmitIfAllowed
              call={Calls.quickBuyAdd}
              loading={add.isPending}
              onSubmit={() => void submit()}
              testId="quick-buy-submit"
            >
              {t('save')}
            </SubmitIfAllowed>
          </div>
        </div>
      ) : (
        <EmptyState
          kind="cart"
          title={t('loginTitle')}
          action={{ label: t('login'), onClick: () => navigate(Paths.login) }}
        />
      )}
    </Page>
  );
}
