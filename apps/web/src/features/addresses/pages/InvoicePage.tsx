import { type TInvoiceTitle, ZInvoiceTitleSaveRequest } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { FieldRow, required } from '../../../components/form/Rows';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { Page, useBack } from '../../../components/Page';
import { confirmDestructive, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showFail, showSuccess } from '../../../lib/feedback';
import { Paths, rootPath } from '../../../lib/navigation';
import { fieldErrors, useMessage } from '../../../lib/validation';
import { type InvoiceTitleInput, useDeleteInvoiceTitle, useInvoiceTitles, useSaveInvoiceTitle } from '../api';
import { ListStates } from '../components/ListStates';
import { publishPicked } from '../picked';
import '../addresses.css';

/** invoice_page?edit=new|id shows the form over the list, so the back button returns to the list. */
const editPath = (params: URLSearchParams, edit: number | 'new') => {
  const next = new URLSearchParams(params);
  next.set('edit', String(edit));
  return `${Paths.invoicePage}?${next}`;
};

/**
 * SPEC §2 invoice_page/invoice_page: the company's invoice titles (SPEC §3 fields), added, edited and
 * deleted (after a question). With `?pick=purpose` a tap hands the title back.
 */
export default function InvoicePage() {
  const { t } = useTranslation('addresses');
  useDialogsClosedOnLeave();
  const [params] = useSearchParams();
  const purpose = params.get('pick');
  const edit = params.get('edit');
  const invoices = useInvoiceTitles();
  const editId = edit && edit !== 'new' ? Number(edit) : 0;
  const title = edit
    ? editId
      ? t('titles.editInvoice')
      : t('titles.addInvoice')
    : purpose
      ? t('titles.pickInvoice')
      : t('titles.invoice');
  return (
    <Page title={title} backTo={rootPath('me')} right={!edit && <AddButton />}>
      <ListStates query={invoices}>
        {(data) => {
          if (!edit) return <InvoiceList invoices={data.invoices} max={data.max} purpose={purpose} />;
          const editing = editId ? data.invoices.find((i) => i.id === editId) : undefined;
          if (editId && !editing) return <EmptyState kind="lost" title={t('address.notFound')} />;
          return <InvoiceForm editing={editing} />;
        }}
      </ListStates>
    </Page>
  );
}

function useAdd() {
  const { t } = useTranslation('addresses');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const invoices = useInvoiceTitles();
  const full = invoices.data !== undefined && invoices.data.invoices.length >= invoices.data.max;
  return () => (full ? showFail(t('full')) : navigate(editPath(params, 'new')));
}

function AddButton() {
  const { t } = useTranslation('addresses');
  const add = useAdd();
  const invoices = useInvoiceTitles();
  if (invoices.data === undefined) return null;
  return (
    <button type="button" className="mm-header-action" onClick={add} data-testid="invoice-add">
      {t('add')}
    </button>
  );
}

function InvoiceList({ invoices, max, purpose }: { invoices: TInvoiceTitle[]; max: number; purpose: string | null }) {
  const { t } = useTranslation('addresses');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = useBack(rootPath('me'));
  const remove = useDeleteInvoiceTitle();
  const add = useAdd();

  const confirmDelete = async (invoice: TInvoiceTitle) => {
    const confirmed = await confirmDestructive({
      content: t('invoice.deleteConfirm', { name: invoice.name }),
      confirmText: t('delete'),
      cancelText: t('cancel'),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(invoice.id);
      showSuccess(t('deleted'));
    } catch {
      // The toast has said why.
    }
  };

  if (invoices.length === 0) {
    return (
      <EmptyState
        kind="cart"
        title={t('invoice.emptyTitle')}
        description={t('invoice.emptyText')}
        action={{ label: t('add'), onClick: add }}
      />
    );
  }
  return (
    <>
      <p className="mm-addr-intro">{t('shared', { max, count: invoices.length })}</p>
      <section className="mm-card mm-addr-list" data-testid="invoice-list">
        {invoices.map((invoice) => (
          <div key={invoice.id} className="mm-addr-item" data-testid="invoice-item">
            <button
              type="button"
              className="mm-addr-main"
              onClick={() => {
                if (!purpose) return navigate(editPath(params, invoice.id));
                publishPicked(purpose, { invoice });
                back();
              }}
            >
              <span className="mm-addr-head">
                <strong>{invoice.name}</strong>
              </span>
              <span className="mm-addr-line">
                {t('invoice.taxNo')} {invoice.taxNo}
              </span>
              {invoice.email && <span className="mm-addr-line">{invoice.email}</span>}
            </button>
            <div className="mm-addr-actions">
              <button type="button" onClick={() => navigate(editPath(params, invoice.id))}>
                {t('edit')}
              </button>
              <button type="button" className="is-danger" onClick={() => void confirmDelete(invoice)}>
                {t('delete')}
              </button>
            </div>
          </div>
        ))}
      </section>
    </>
  );
}

type Draft = Omit<TInvoiceTitle, 'id'>;
const FIELDS = ['name', 'taxNo', 'address', 'phone', 'bankName', 'bankAccount', 'receiverMobile', 'email'] as const;
type Field = (typeof FIELDS)[number];
const REQUIRED: readonly Field[] = ['name', 'taxNo'];
const MAX_LENGTH: Record<Field, number> = {
  name: 100,
  taxNo: 18,
  address: 120,
  phone: 20,
  bankName: 50,
  bankAccount: 36,
  receiverMobile: 11,
  email: 60,
};
const INPUT_TYPE: Partial<Record<Field, string>> = { phone: 'tel', receiverMobile: 'tel', email: 'email' };

function InvoiceForm({ editing }: { editing?: TInvoiceTitle }) {
  const { t } = useTranslation('addresses');
  const message = useMessage();
  const back = useBack(Paths.invoicePage);
  const save = useSaveInvoiceTitle();
  const errors = useFieldErrors();
  const [draft, setDraft] = useState<Draft>(() => {
    const blank = Object.fromEntries(FIELDS.map((f) => [f, ''])) as Draft;
    if (!editing) return blank;
    const { id: _id, ...fields } = editing;
    return fields;
  });

  const onSave = async () => {
    const input: InvoiceTitleInput = {
      ...(editing ? { id: editing.id } : {}),
      ...(Object.fromEntries(FIELDS.map((f) => [f, draft[f].trim()])) as Draft),
    };
    const parsed = ZInvoiceTitleSaveRequest.safeParse(input);
    if (!parsed.success) {
      const problems = fieldErrors(parsed.error.issues);
      errors.setAll(problems);
      const first = Object.values(problems)[0];
      if (first) showFail(message(first));
      return;
    }
    try {
      await save.mutateAsync(input);
      showSuccess(t('saved'));
      back();
    } catch (error) {
      errors.setFromServer(error);
    }
  };

  const row = (field: Field) => (
    <FieldRow
      key={field}
      label={REQUIRED.includes(field) ? required(t(`invoice.${field}`)) : t(`invoice.${field}`)}
      htmlFor={`invoice-${field}`}
      field={field}
      error={errors.show(field)}
    >
      <Input
        id={`invoice-${field}`}
        name={field}
        type={INPUT_TYPE[field] ?? 'text'}
        value={draft[field]}
        maxLength={MAX_LENGTH[field]}
        placeholder={t(`invoice.${field}Placeholder`)}
        onChange={(value) => {
          setDraft((current) => ({ ...current, [field]: value }));
          if (errors.keys[field]) errors.set(field, '');
        }}
      />
    </FieldRow>
  );

  return (
    <>
      <section className="mm-card mm-form-card">
        {(['name', 'taxNo', 'address', 'phone', 'bankName', 'bankAccount'] as const).map(row)}
      </section>
      <h2 className="mm-addr-subtitle">{t('invoice.eInvoice')}</h2>
      <section className="mm-card mm-form-card">{(['receiverMobile', 'email'] as const).map(row)}</section>
      <div className="mm-form-actions">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={save.isPending}
          onClick={onSave}
          data-testid="invoice-save"
        >
          {t('save')}
        </Button>
      </div>
    </>
  );
}
