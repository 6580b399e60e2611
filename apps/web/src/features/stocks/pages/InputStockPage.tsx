import { Calls, CodeFlag, type TStockDetail, type TStockSaveResult } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Result from 'antd-mobile/es/components/result';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../app/PageLoading';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen, NotFoundScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { Paths, rootPath, stockDetailPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { SubmitIfAllowed } from '../../staff/NoPermissionNote';
import { useStockDetail } from '../api';
import {
  DeliverySection,
  MoreSection,
  PicturesSection,
  PriceSection,
  ProductSection,
  QuantitySection,
} from '../components/StockFormSections';
import { useStockForm } from '../useStockForm';
import '../locale';
import '../stocks.css';

function Done({ result, editing, onAnother }: { result: TStockSaveResult; editing: boolean; onAnother: () => void }) {
  const { t } = useTranslation('stocks');
  const navigate = useNavigate();
  return (
    <div className="mm-stock-done" data-testid="stock-submitted">
      <Result status="success" title={t('input.done.title')} description={t('input.done.text')} />
      <div className="mm-stock-done-actions">
        <Button
          block
          color="primary"
          shape="rounded"
          onClick={() => navigate(stockDetailPath(result.id), { replace: true })}
        >
          {t('input.done.view')}
        </Button>
        {!editing && (
          <Button block shape="rounded" onClick={onAnother}>
            {t('input.done.another')}
          </Button>
        )}
        <Button block fill="none" onClick={() => navigate(rootPath('me'))}>
          {t('input.done.back')}
        </Button>
      </div>
    </div>
  );
}

function StockFormBody({ existing }: { existing: TStockDetail | null }) {
  const { t } = useTranslation(['stocks', 'form']);
  const state = useStockForm(existing);

  if (state.done) return <Done result={state.done} editing={existing !== null} onAnother={state.startAnother} />;

  return (
    <div className="mm-stock-form">
      <p className="mm-form-intro">{existing ? t('input.editHint') : t('input.intro')}</p>
      <ProductSection state={state} />
      <QuantitySection state={state} />
      <PriceSection state={state} />
      <DeliverySection state={state} />
      <PicturesSection state={state} />
      <MoreSection state={state} />

      <div className="mm-form-actions">
        <SubmitIfAllowed
          call={Calls.stockSave}
          loading={state.submitting}
          onSubmit={() => void state.submit()}
          testId="stock-submit"
        >
          {existing ? t('input.submitEdit') : t('form:submitForReview')}
        </SubmitIfAllowed>
      </div>
    </div>
  );
}

/** A listing to change (`?id=`): the company's own, loaded before the form is shown. */
function EditStock({ id }: { id: number }) {
  const { t } = useTranslation('stocks');
  const existing = useStockDetail(id, null);
  if (existing.isError) {
    return isApiError(existing.error) && existing.error.codeFlag === CodeFlag.notFound ? (
      <NotFoundScreen title={t('detail.notFound')} />
    ) : (
      <ErrorScreen error={existing.error} onRetry={() => void existing.refetch()} />
    );
  }
  if (!existing.data) return <PageLoading />;
  if (!existing.data.isOwn) return <EmptyState kind="lost" title={t('input.notYours')} />;
  return <StockFormBody existing={existing.data} />;
}

/**
 * SPEC §2 pagesA/input_stock/input_stock (`?id=` to change one): SPEC §3's stock fields with §5's
 * required quantity, piece weight and structured price, checked here by the server's own schema,
 * then sent for review.
 */
export default function InputStockPage() {
  const { t } = useTranslation('stocks');
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;

  useEffect(() => {
    if (!loggedIn) navigate(Paths.login, { replace: true });
  }, [loggedIn, navigate]);

  return (
    <Page
      title={id ? t('input.editTitle') : t('input.title')}
      backTo={rootPath('me')}
      className="mm-form-page mm-stock-input"
    >
      {!loggedIn ? null : id ? <EditStock id={id} /> : <StockFormBody existing={null} />}
    </Page>
  );
}
