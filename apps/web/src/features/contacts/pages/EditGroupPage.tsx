import { CONTACT_GROUP_NAME_MAX } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NotFoundScreen } from '../../../components/ErrorScreen';
import { Page, useBack } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { confirmDestructive, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { useLanguage } from '../../../lib/i18n';
import { Paths } from '../../../lib/navigation';
import { localizeMessage } from '../../../lib/validation';
import { useContactGroups, useDeleteGroup, useSaveGroup } from '../api';
import { FriendList } from '../components/FriendList';
import { LoginFirst } from '../components/LoginFirst';
import '../locale';
import '../contacts.css';
import { SearchField } from '../../../components/SearchField';

/** The shared rule for a group name (SPEC §5: required), as a message key; '' when it will do. */
function nameProblem(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return 'contacts.groupNameRequired';
  if (trimmed.length > CONTACT_GROUP_NAME_MAX) return 'contacts.groupNameTooLong';
  return '';
}

/** SPEC §2 edit_group?id: name a contact group and tick its members; without id, a new group. */
export default function EditGroupPage() {
  const { t } = useTranslation('contacts');
  useDialogsClosedOnLeave();
  const [lang] = useLanguage();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const back = useBack(Paths.myGroup);
  const groups = useContactGroups();
  const save = useSaveGroup();
  const remove = useDeleteGroup();
  const group = id ? groups.data?.find((g) => g.id === id) : undefined;
  const [name, setName] = useState('');
  const [members, setMembers] = useState<Set<number>>(new Set());
  const [keyword, setKeyword] = useState('');
  const [error, setError] = useState('');
  const [loadedId, setLoadedId] = useState<number | undefined>(undefined);

  // The form starts from the saved group once it has loaded (and not again, so nothing typed is lost).
  useEffect(() => {
    if (group && loadedId !== group.id) {
      setLoadedId(group.id);
      setName(group.name);
      setMembers(new Set(group.memberIds));
    }
  }, [group, loadedId]);

  const toggle = (userId: number) =>
    setMembers((current) => {
      const next = new Set(current);
      if (next.has(userId)) next.delete(userId);
      else next.add(userId);
      return next;
    });

  const submit = async () => {
    const problem = nameProblem(name);
    setError(problem);
    if (problem) return;
    try {
      await save.mutateAsync({ ...(id ? { id } : {}), name: name.trim(), memberIds: [...members] });
      showSuccess(t('edit.saved'));
      back();
    } catch (failure) {
      if (isApiError(failure) && failure.errors?.name) setError(failure.errors.name);
    }
  };

  const confirmDelete = async () => {
    if (!group) return;
    const confirmed = await confirmDestructive({
      content: t('groups.deleteConfirm', { name: group.name }),
      confirmText: t('groups.delete'),
      cancelText: t('cancel'),
    });
    if (!confirmed) return;
    await remove.mutateAsync(group.id);
    showSuccess(t('groups.deleted'));
    back();
  };

  const title = id ? t('edit.titleEdit') : t('edit.titleNew');
  if (id && groups.isPending) {
    return (
      <Page title={title} className="mm-contacts">
        <Skeleton.Paragraph lineCount={5} animated />
      </Page>
    );
  }
  if (id && !group) {
    return (
      <LoginFirst>
        <Page title={title} className="mm-contacts" backTo={Paths.myGroup}>
          <NotFoundScreen title={t('edit.notFound')} />
        </Page>
      </LoginFirst>
    );
  }

  return (
    <LoginFirst>
      <Page title={title} className="mm-contacts" bodyClassName="mm-contacts-picking" backTo={Paths.myGroup}>
        <section className="mm-card mm-group-name">
          <label htmlFor="group-name">{t('edit.name')}</label>
          <Input
            id="group-name"
            name="name"
            value={name}
            onChange={(value) => {
              setName(value);
              setError('');
            }}
            placeholder={t('edit.namePlaceholder')}
            maxLength={CONTACT_GROUP_NAME_MAX}
            clearable
          />
          {error && (
            <div className="mm-group-name-error" role="alert">
              {localizeMessage(error, lang)}
            </div>
          )}
        </section>
        <h2 className="mm-section-title">{t('edit.members', { count: members.size })}</h2>
        <div className="mm-contacts-search">
          <SearchField placeholder={t('trade.searchPlaceholder')} onSearch={setKeyword} maxLength={30} />
        </div>
        <FriendList
          order="letter"
          keyword={keyword}
          mode={{ kind: 'pick', selected: members, onToggle: (contact) => toggle(contact.userId) }}
        />
        <footer className="mm-contacts-footer">
          {group && (
            <Button
              shape="rounded"
              color="danger"
              fill="outline"
              onClick={() => void confirmDelete().catch(() => undefined)}
            >
              {t('groups.delete')}
            </Button>
          )}
          <Button
            color="primary"
            shape="rounded"
            loading={save.isPending}
            onClick={() => void submit()}
            data-testid="group-save"
          >
            {t('edit.save')}
          </Button>
        </footer>
      </Page>
    </LoginFirst>
  );
}
