import {
  Calls,
  formatCents,
  MAX_CHECK_PRICE_ITEMS,
  type TCheckPriceBase,
  type TCheckPriceItemInput,
  ZCheckPriceItemInput,
} from '@metal/shared';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { Dialog, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import { priceToneClass } from '../../../lib/priceTone';
import { useSession } from '../../../lib/session';
import { useMessage } from '../../../lib/validation';
import { useAddCheckPrice, useCheckPriceBases } from '../api';
import { checkPriceDetailPath } from '../paths';
import '../check-prices.css';
import { IfCanCall } from '../../staff/NoPermissionNote';

interface Row {
  key: number;
  specification: string;
  seriesId: number | null;
  premium: string;
}

type RowErrors = Partial<Record<'specification' | 'seriesId' | 'premium', string>>;

let nextKey = 1;
const emptyRow = (): Row => ({ key: nextKey++, specification: '', seriesId: null, premium: '' });
const toInput = (row: Row): TCheckPriceItemInput => ({
  specification: row.specification,
  seriesId: row.seriesId ?? '',
  premium: row.premium,
});

/** Each row's errors by the call's own schema (message keys, shown in the UI language). */
function rowErrors(rows: Row[]): RowErrors[] {
  return rows.map((row) => {
    const parsed = ZCheckPriceItemInput.safeParse(toInput(row));
    const errors: RowErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof RowErrors;
        errors[field] ??= issue.message;
      }
    }
    return errors;
  });
}

/** The price the entry would show now: the base's latest quote plus the premium, when both are known. */
function previewCents(row: Row, bases: TCheckPriceBase[]): number | null {
  const base = bases.find((b) => b.seriesId === row.seriesId);
  if (!base || base.priceCents === null || !/^-?\d+(\.\d{1,2})?$/.test(row.premium.trim())) return null;
  return base.priceCents + Math.round(Number(row.premium.trim()) * 100);
}

/**
 * SPEC §2 check_price/add_check_price: 1-7 entries (SPEC §5), each a specification without Chinese and a
 * price written only as a base price (a yuan market series) plus a premium in yuan per ton.
 */
export default function AddCheckPricePage() {
  const { t } = useTranslation('checkPrices');
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const message = useMessage();
  const { loggedIn } = useSession();
  const bases = useCheckPriceBases();
  const add = useAddCheckPrice();
  const [rows, setRows] = useState<Row[]>(() => [emptyRow()]);
  const [errors, setErrors] = useState<RowErrors[]>([]);

  const change = (key: number, patch: Partial<Row>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    setErrors([]);
  };
  const removeRow = async (row: Row, index: number) => {
    const filled = row.specification.trim() || row.seriesId || row.premium.trim();
    if (
      filled &&
      !(await Dialog.confirm({ content: t('discardConfirm', { index: index + 1 }), cancelText: t('cancel') }))
    )
      return;
    setRows((current) => current.filter((r) => r.key !== row.key));
    setErrors([]);
  };

  const submit = async () => {
    const problems = rowErrors(rows);
    setErrors(problems);
    if (problems.some((p) => Object.keys(p).length > 0)) return;
    try {
      const created = await add.mutateAsync(rows.map(toInput));
      showSuccess(t('published'));
      navigate(checkPriceDetailPath(created.id), { replace: true });
    } catch (error) {
      // The toast has said why; a base that went away is asked for again.
      if (isApiError(error)) void bases.refetch();
    }
  };

  let body: ReactNode;
  if (!loggedIn) {
    body = <EmptyState title={t('loginTitle')} action={{ label: t('login'), onClick: () => navigate(Paths.login) }} />;
  } else if (bases.isError) {
    body = <ErrorScreen error={bases.error} onRetry={() => void bases.refetch()} />;
  } else if (!bases.data) {
    body = (
      <section className="mm-card mm-cp-skeleton" aria-busy="true">
        <Skeleton.Paragraph lineCount={6} animated />
      </section>
    );
  } else {
    const baseList = bases.data;
    body = (
      <>
        <p className="mm-cp-intro">{t('addHint', { max: MAX_CHECK_PRICE_ITEMS })}</p>
        {rows.map((row, index) => {
          const rowError = errors[index] ?? {};
          const preview = previewCents(row, baseList);
          const id = (field: string) => `cp-${row.key}-${field}`;
          return (
            <section key={row.key} className="mm-card mm-cp-form-row" data-testid="check-price-row">
              <div className="mm-cp-form-head">
                <span className="mm-cp-index">{t('entry', { index: index + 1 })}</span>
                {rows.length > 1 && (
                  <button type="button" className="mm-link" onClick={() => void removeRow(row, index)}>
                    {t('removeEntry')}
                  </button>
                )}
              </div>
              <label className="mm-cp-field" htmlFor={id('spec')}>
                <span>{t('spec')}</span>
                <input
                  id={id('spec')}
                  name={`specification-${index}`}
                  value={row.specification}
                  placeholder={t('specPlaceholder')}
                  maxLength={50}
                  autoComplete="off"
                  onChange={(e) => change(row.key, { specification: e.target.value })}
                />
              </label>
              {rowError.specification && (
                <p className="mm-cp-error" role="alert">
                  {message(rowError.specification)}
                </p>
              )}
              <label className="mm-cp-field" htmlFor={id('base')}>
                <span>{t('base')}</span>
                <select
                  id={id('base')}
                  name={`seriesId-${index}`}
                  value={row.seriesId ?? ''}
                  onChange={(e) => change(row.key, { seriesId: Number(e.target.value) || null })}
                >
                  <option value="">{t('basePlaceholder')}</option>
                  {baseList.map((base) => (
                    <option key={base.seriesId} value={base.seriesId}>
                      {base.priceCents === null
                        ? t('baseNoQuote', { name: base.name })
                        : `${base.name} ${formatCents(base.priceCents)}`}
                    </option>
                  ))}
                </select>
              </label>
              {rowError.seriesId && (
                <p className="mm-cp-error" role="alert">
                  {message(rowError.seriesId)}
                </p>
              )}
              <label className="mm-cp-field" htmlFor={id('premium')}>
                <span>{t('premium')}</span>
                <input
                  id={id('premium')}
                  name={`premium-${index}`}
                  value={row.premium}
                  inputMode="decimal"
                  placeholder={t('premiumPlaceholder')}
                  autoComplete="off"
                  onChange={(e) => change(row.key, { premium: e.target.value })}
                />
                <em>{t('unit')}</em>
              </label>
              {rowError.premium && (
                <p className="mm-cp-error" role="alert">
                  {message(rowError.premium)}
                </p>
              )}
              {preview !== null && (
                <p className={`mm-cp-preview ${priceToneClass('neutral')}`} data-testid="check-price-preview">
                  {t('preview', { price: formatCents(preview) })}
                </p>
              )}
            </section>
          );
        })}
        {rows.length < MAX_CHECK_PRICE_ITEMS && (
          <button
            type="button"
            className="mm-cp-add-row"
            onClick={() => setRows((current) => [...current, emptyRow()])}
            data-testid="check-price-add-row"
          >
            {t('addEntry', { count: rows.length, max: MAX_CHECK_PRICE_ITEMS })}
          </button>
        )}
        <IfCanCall call={Calls.checkPriceAdd}>
          <button
            type="button"
            className="mm-cp-submit"
            disabled={add.isPending}
            onClick={() => void submit()}
            data-testid="check-price-submit"
          >
            {t('submit')}
          </button>
        </IfCanCall>
      </>
    );
  }

  return (
    <Page title={t('addTitle')} backTo={Paths.checkPrice} className="mm-cp-page">
      {body}
    </Page>
  );
}
