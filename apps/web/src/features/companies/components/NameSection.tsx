import { CodeFlag, type TCompanyInfo, ZNameTakenFailure } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Input, { type InputRef } from 'antd-mobile/es/components/input';
import { type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FieldRow, LinkRow } from '../../../components/form/Rows';
import { isApiError } from '../../../lib/api';
import { Dialog } from '../../../lib/dialog';
import { showFail, showSuccess } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import { useMessage } from '../../../lib/validation';
import { useContactHolder, useSetCompanyName } from '../api';
import { companyNameError } from '../form';

type TakenChoice = 'contact' | 'another' | null;

interface NameSectionProps {
  info: TCompanyInfo;
  /** The name being typed (kept in the page's draft), and its setter. */
  typed: string;
  onType: (name: string) => void;
  /** Called once the name is set, so the page can drop it from the draft. */
  onSet: () => void;
  inputRef: RefObject<InputRef | null>;
}

/**
 * The company name: typed and confirmed once (set_name); once set, the row leads to modify_company,
 * with a change under review or rejected (and why) shown beneath. SPEC §5: a taken name offers to
 * contact its holder or to choose another.
 */
export function NameSection({ info, typed, onType, onSet, inputRef }: NameSectionProps) {
  const { t } = useTranslation(['companies', 'common']);
  const message = useMessage();
  const navigate = useNavigate();
  const setName = useSetCompanyName();
  const contact = useContactHolder();
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const busy = useRef(false);

  if (info.name) {
    const change = info.companyModifyInfo;
    return (
      <div className="mm-co-name" data-testid="company-name">
        <LinkRow
          label={t('name.label')}
          value={info.name}
          onClick={info.editable ? () => navigate(Paths.modifyCompany) : undefined}
          testId="company-name-row"
        />
        {change?.status === 'pending' && (
          <p className="mm-co-name-change is-pending" data-testid="name-change">
            {t('name.pending', { name: change.modifyCompanyName })}
          </p>
        )}
        {change?.status === 'rejected' && (
          <p className="mm-co-name-change is-rejected" data-testid="name-change">
            {t('name.rejected', { name: change.modifyCompanyName, reason: change.reason })}
          </p>
        )}
      </div>
    );
  }

  if (!info.editable) {
    return <LinkRow label={t('name.label')} value={t('notFilled')} missing testId="company-name-row" />;
  }

  const askTakenChoice = (mesg: string) =>
    new Promise<TakenChoice>((resolve) => {
      Dialog.show({
        title: t('name.takenTitle'),
        content: mesg,
        closeOnAction: true,
        closeOnMaskClick: true,
        actions: [
          { key: 'contact', text: t('name.contactHolder'), bold: true },
          { key: 'another', text: t('name.chooseAnother') },
        ],
        onAction: (action) => resolve(action.key as TakenChoice),
        onClose: () => resolve(null),
      });
    });

  const confirmName = async () => {
    if (busy.current) return;
    const name = typed.trim();
    const problem = companyNameError(name);
    setErrorKey(problem);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    const confirmed = await Dialog.confirm({
      title: t('name.confirmTitle'),
      content: t('name.confirm', { name }),
      cancelText: t('common:cancel'),
      confirmText: t('common:confirm'),
    });
    if (!confirmed) return;
    busy.current = true;
    try {
      await setName.mutateAsync(name);
      onSet();
      showSuccess(t('saved'));
    } catch (error) {
      if (!isApiError(error)) return;
      if (error.errors?.name) setErrorKey(error.errors.name);
      if (error.codeFlag !== CodeFlag.conflict) return;
      const canContact = ZNameTakenFailure.safeParse(error.data).data?.canContactHolder === true;
      if (!canContact) {
        showFail(error.mesg);
        return;
      }
      setErrorKey('company.nameTaken');
      const choice = await askTakenChoice(error.mesg);
      if (choice === 'contact') {
        try {
          await contact.mutateAsync(name);
          showSuccess(message('company.holderContacted'));
        } catch {
          // callApi has said why (already told today, say).
        }
      } else if (choice === 'another') {
        inputRef.current?.focus();
      }
    } finally {
      busy.current = false;
    }
  };

  return (
    <div className="mm-co-name-field">
      <FieldRow
        label={t('name.label')}
        htmlFor="company-name"
        field="name"
        error={errorKey ? message(errorKey) : undefined}
        hint={t('name.hint')}
      >
        <Input
          ref={inputRef}
          id="company-name"
          name="name"
          value={typed}
          maxLength={50}
          placeholder={t('name.placeholder')}
          onChange={(value) => {
            onType(value);
            if (errorKey) setErrorKey(null);
          }}
          onEnterPress={() => void confirmName()}
          clearable
        />
      </FieldRow>
      <div className="mm-co-name-set">
        <Button
          size="small"
          color="primary"
          fill="outline"
          shape="rounded"
          loading={setName.isPending}
          onClick={() => void confirmName()}
          data-testid="set-name"
        >
          {t('name.set')}
        </Button>
      </div>
    </div>
  );
}
