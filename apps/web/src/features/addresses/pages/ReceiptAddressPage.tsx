import type { TReceiptAddress } from '@metal/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { placeLine } from '../../../components/form/place';
import { Page, useBack } from '../../../components/Page';
import { confirmDestructive, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showFail, showSuccess } from '../../../lib/feedback';
import { Paths, rootPath } from '../../../lib/navigation';
import { useRegionName } from '../../../lib/regionName';
import { useSession } from '../../../lib/session';
import { useDeleteReceiptAddress, useReceiptAddresses, useSetDefaultReceiptAddress } from '../api';
import { ListStates } from '../components/ListStates';
import { publishPicked } from '../picked';
import '../addresses.css';

export const modifyAddressPath = (id?: number) =>
  id ? `${Paths.modifyReceiptAddress}?id=${id}` : Paths.modifyReceiptAddress;

/**
 * SPEC §2 receipt_address/receipt_address: the company's addresses, the default marked, each set as the
 * default, edited or deleted (after a question). With `?pick=purpose` a tap hands the address back.
 */
export default function ReceiptAddressPage() {
  const { t } = useTranslation('addresses');
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const back = useBack(rootPath('me'));
  const [params] = useSearchParams();
  const purpose = params.get('pick');
  const { loggedIn } = useSession();
  const regionName = useRegionName();
  const addresses = useReceiptAddresses();
  const setDefault = useSetDefaultReceiptAddress();
  const remove = useDeleteReceiptAddress();
  const held = addresses.data?.addresses.length ?? 0;
  const full = addresses.data !== undefined && held >= addresses.data.max;
  const add = () => (full ? showFail(t('full')) : navigate(modifyAddressPath()));

  const pick = (address: TReceiptAddress) => {
    if (!purpose) return;
    publishPicked(purpose, { address });
    back();
  };

  const makeDefault = async (address: TReceiptAddress) => {
    try {
      await setDefault.mutateAsync(address.id);
      showSuccess(t('defaultSet'));
    } catch {
      // The toast has said why.
    }
  };

  const confirmDelete = async (address: TReceiptAddress) => {
    const confirmed = await confirmDestructive({
      content: address.isDefault
        ? t('address.deleteDefaultConfirm')
        : t('address.deleteConfirm', { receiver: address.receiver }),
      confirmText: t('delete'),
      cancelText: t('cancel'),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(address.id);
      showSuccess(t('deleted'));
    } catch {
      // The toast has said why.
    }
  };

  return (
    <Page
      title={purpose ? t('titles.pickReceiptAddress') : t('titles.receiptAddress')}
      backTo={rootPath('me')}
      right={
        loggedIn && (
          <button type="button" className="mm-header-action" onClick={add} data-testid="address-add">
            {t('add')}
          </button>
        )
      }
    >
      <ListStates query={addresses}>
        {(data) =>
          data.addresses.length === 0 ? (
            <EmptyState
              kind="cart"
              title={t('address.emptyTitle')}
              description={t('address.emptyText')}
              action={{ label: t('add'), onClick: add }}
            />
          ) : (
            <>
              <p className="mm-addr-intro">{t('shared', { max: data.max, count: data.addresses.length })}</p>
              <section className="mm-card mm-addr-list" data-testid="address-list">
                {data.addresses.map((address) => (
                  <div key={address.id} className="mm-addr-item" data-testid="address-item">
                    <button
                      type="button"
                      className="mm-addr-main"
                      onClick={() => (purpose ? pick(address) : navigate(modifyAddressPath(address.id)))}
                    >
                      <span className="mm-addr-head">
                        <strong>{address.receiver}</strong>
                        <span>{address.phone}</span>
                        {address.isDefault && <span className="mm-addr-default">{t('default')}</span>}
                      </span>
                      <span className="mm-addr-line">
                        {placeLine(
                          { province: address.province, city: address.city, district: address.district },
                          regionName,
                        )}{' '}
                        {address.detail}
                      </span>
                    </button>
                    <div className="mm-addr-actions">
                      {!address.isDefault && (
                        <button type="button" onClick={() => void makeDefault(address)}>
                          {t('setDefault')}
                        </button>
                      )}
                      <button type="button" onClick={() => navigate(modifyAddressPath(address.id))}>
                        {t('edit')}
                      </button>
                      <button type="button" className="is-danger" onClick={() => void confirmDelete(address)}>
                        {t('delete')}
                      </button>
                    </div>
                  </div>
                ))}
              </section>
            </>
          )
        }
      </ListStates>
    </Page>
  );
}
