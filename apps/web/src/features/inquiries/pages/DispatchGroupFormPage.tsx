import {
  DISPATCH_LIMITS,
  type DispatchMemberRole,
  type DispatchMode,
  type TDispatchArea,
  type TDispatchGroup,
  ZDispatchGroupSaveRequest,
} from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Cascader from 'antd-mobile/es/components/cascader';
import Input from 'antd-mobile/es/components/input';
import Popup from 'antd-mobile/es/components/popup';
import Selector from 'antd-mobile/es/components/selector';
import Skeleton from 'antd-mobile/es/components/skeleton';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { FieldRow, required } from '../../../components/form/Rows';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { confirmDestructive, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import { useRegionName } from '../../../lib/regionName';
import { useSession } from '../../../lib/session';
import { useMessage } from '../../../lib/validation';
import { useProfile } from '../../accounts/api';
import { useColleagues } from '../../chat/actions';
import { useRegions } from '../../companies/api';
import { useProductSorts } from '../../markets/api';
import { groupByMetal } from '../../markets/groups';
import { useDispatchGroupActions, useDispatchGroups } from '../api';
import { areaText } from '../dispatch';
import '../locale';
import '../../stocks/stocks.css';
import '../dispatch.css';

interface Draft {
  name: string;
  mode: DispatchMode;
  hours: string;
  roles: Record<number, DispatchMemberRole>;
  areas: TDispatchArea[];
  sortIds: number[];
}

const emptyDraft: Draft = { name: '', mode: 'grab', hours: '24', roles: {}, areas: [], sortIds: [] };

const draftOf = (group: TDispatchGroup): Draft => ({
  name: group.name,
  mode: group.mode,
  hours: String(group.assignHours ?? 24),
  roles: Object.fromEntries(group.members.map((m) => [m.userId, m.role])),
  areas: group.areas,
  sortIds: group.products.map((p) => p.sortId),
});

/**
 * SPEC §2 modify_distribute_group: a dispatch group's name, mode (grab, or assign with its hours), who
 * of the company is in it as order taker (staff) or dispatcher, its service areas and its products.
 * The server's refusals (a conflict with another group, a name taken) show above the save button.
 */
export default function DispatchGroupFormPage() {
  const { t } = useTranslation('inquiries');
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const groups = useDispatchGroups();
  const group = groups.data?.list.find((g) => g.id === id);

  let body: ReactNode;
  if (!loggedIn)
    body = (
      <EmptyState
        title={t('dispatch.loginTitle')}
        action={{ label: t('taking.login'), onClick: () => navigate(Paths.login) }}
      />
    );
  else if (groups.isError) body = <ErrorScreen error={groups.error} onRetry={() => void groups.refetch()} />;
  else if (!groups.data)
    body = (
      <section className="mm-card mm-dp-card" aria-busy="true">
        <Skeleton.Paragraph lineCount={8} animated />
      </section>
    );
  else if (id > 0 && !group) body = <EmptyState kind="lost" title={t('dispatch.groupGone')} />;
  else body = <GroupForm key={id} group={group} />;

  return (
    <Page
      title={id > 0 ? t('dispatch.editTitle') : t('dispatch.addGroup')}
      backTo={Paths.orderDistribute}
      className="mm-dp-page"
    >
      {body}
    </Page>
  );
}

function GroupForm({ group }: { group: TDispatchGroup | undefined }) {
  const { t } = useTranslation('inquiries');
  const message = useMessage();
  const navigate = useNavigate();
  const regionName = useRegionName();
  useDialogsClosedOnLeave();
  const { user } = useSession();
  const profile = useProfile();
  const colleagues = useColleagues();
  const sorts = useProductSorts();
  const { save, remove } = useDispatchGroupActions();
  const [draft, setDraft] = useState<Draft>(() => (group ? draftOf(group) : emptyDraft));
  const [error, setError] = useState('');
  const [sortsOpen, setSortsOpen] = useState(false);
  const update = (change: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...change }));
    setError('');
  };

  // The company's people: the caller first, then the colleagues relation/colleagues lists (owner first).
  const people = useMemo(() => {
    const me = user ? [{ userId: user.userId, nickName: profile.data?.nickName || user.account }] : [];
    return [...me, ...(colleagues.data?.list ?? [])];
  }, [user, profile.data, colleagues.data]);

  const request = () => ({
    ...(group ? { id: group.id } : {}),
    name: draft.name,
    mode: draft.mode,
    ...(draft.mode === 'assign' ? { assignHours: draft.hours.trim() } : {}),
    members: Object.entries(draft.roles).map(([userId, role]) => ({ userId: Number(userId), role })),
    areas: draft.areas,
    sortIds: draft.sortIds,
  });

  const submit = async () => {
    const input = request();
    const parsed = ZDispatchGroupSaveRequest.safeParse(input);
    if (!parsed.success) {
      setError(message(parsed.error.issues[0]?.message ?? 'common.invalidInput'));
      return;
    }
    try {
      await save.mutateAsync(input);
      showSuccess(t('dispatch.saved'));
      navigate(Paths.orderDistribute, { replace: true });
    } catch (failure) {
      if (isApiError(failure)) setError(failure.mesg);
    }
  };

  const confirmDelete = async () => {
    if (!group) return;
    const confirmed = await confirmDestructive({
      content: t('dispatch.deleteConfirm', { name: group.name }),
      confirmText: t('dispatch.delete'),
      cancelText: t('dispatch.cancel'),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(group.id);
      showSuccess(t('dispatch.deleted'));
      navigate(Paths.orderDistribute, { replace: true });
    } catch {
      // The toast has said why.
    }
  };

  const sortName = (sortId: number) => sorts.data?.find((s) => s.id === sortId)?.sortName ?? String(sortId);
  const roleOptions = [
    { label: t('dispatch.role.none'), value: 'none' },
    { label: t('dispatch.role.staff'), value: 'staff' },
    { label: t('dispatch.role.dispatcher'), value: 'dispatcher' },
  ];

  return (
    <div className="mm-dp-form">
      <section className="mm-card mm-form-card">
        <FieldRow label={required(t('dispatch.name'))} htmlFor="dispatch-name" field="name">
          <Input
            id="dispatch-name"
            name="name"
            value={draft.name}
            maxLength={DISPATCH_LIMITS.name}
            placeholder={t('dispatch.namePlaceholder')}
            onChange={(name) => update({ name })}
            clearable
          />
        </FieldRow>
        <FieldRow label={required(t('dispatch.modeLabel'))} field="mode" wide>
          <Selector
            columns={2}
            options={[
              { label: t('dispatch.mode.grab'), description: t('dispatch.modeHint.grab'), value: 'grab' },
              { label: t('dispatch.mode.assign'), description: t('dispatch.modeHint.assign'), value: 'assign' },
            ]}
            value={[draft.mode]}
            onChange={([mode]) => mode && update({ mode: mode as DispatchMode })}
            data-testid="dispatch-mode"
          />
        </FieldRow>
        {draft.mode === 'assign' && (
          <FieldRow
            label={required(t('dispatch.hours'))}
            htmlFor="dispatch-hours"
            field="assignHours"
            hint={t('dispatch.hoursHint')}
          >
            <Input
              id="dispatch-hours"
              name="assignHours"
              type="number"
              inputMode="numeric"
              value={draft.hours}
              onChange={(hours) => update({ hours })}
            />
          </FieldRow>
        )}
      </section>

      <h2 className="mm-dp-heading">{t('dispatch.members')}</h2>
      <p className="mm-dp-note">{t('dispatch.membersHint')}</p>
      <section className="mm-card mm-dp-members" data-testid="dispatch-members">
        {colleagues.isPending && <Skeleton.Paragraph lineCount={3} animated />}
        {people.map((person) => (
          <div key={person.userId} className="mm-dp-member">
            <span className="mm-dp-member-name">{person.nickName}</span>
            <Selector
              columns={3}
              options={roleOptions}
              value={[draft.roles[person.userId] ?? 'none']}
              onChange={([role]) => {
                const roles = { ...draft.roles };
                if (!role || role === 'none') delete roles[person.userId];
                else roles[person.userId] = role as DispatchMemberRole;
                update({ roles });
              }}
            />
          </div>
        ))}
      </section>

      <h2 className="mm-dp-heading">{t('dispatch.areas')}</h2>
      <section className="mm-card mm-dp-chips" data-testid="dispatch-areas">
        {draft.areas.map((area) => (
          <Chip
            key={`${area.province}/${area.city}/${area.district}`}
            label={areaText(area, regionName)}
            removeLabel={t('dispatch.remove')}
            onRemove={() => update({ areas: draft.areas.filter((a) => a !== area) })}
          />
        ))}
        <AreaAdder
          onAdd={(area) => {
            const key = (a: TDispatchArea) => `${a.province}/${a.city}/${a.district}`;
            if (!draft.areas.some((a) => key(a) === key(area))) update({ areas: [...draft.areas, area] });
          }}
        />
      </section>

      <h2 className="mm-dp-heading">{t('dispatch.products')}</h2>
      <section className="mm-card mm-dp-chips" data-testid="dispatch-products">
        {draft.sortIds.map((sortId) => (
          <Chip
            key={sortId}
            label={sortName(sortId)}
            removeLabel={t('dispatch.remove')}
            onRemove={() => update({ sortIds: draft.sortIds.filter((s) => s !== sortId) })}
          />
        ))}
        <button
          type="button"
          className="mm-dp-add"
          onClick={() => setSortsOpen(true)}
          data-testid="dispatch-add-product"
        >
          + {t('dispatch.addProduct')}
        </button>
      </section>
      <Popup
        visible={sortsOpen}
        onMaskClick={() => setSortsOpen(false)}
        onClose={() => setSortsOpen(false)}
        bodyStyle={{ borderRadius: '12px 12px 0 0' }}
      >
        <h2 className="mm-stock-popup-title">{t('dispatch.products')}</h2>
        <div className="mm-stock-sorts" data-testid="dispatch-sort-sheet">
          {groupByMetal(sorts.data ?? []).map((section) => (
            <section key={section.metal}>
              <div className="mm-stock-sort-grid">
                {section.sorts.map((sort) => {
                  const chosen = draft.sortIds.includes(sort.id);
                  return (
                    <button
                      key={sort.id}
                      type="button"
                      className={chosen ? 'is-active' : ''}
                      aria-pressed={chosen}
                      onClick={() =>
                        update({
                          sortIds: chosen ? draft.sortIds.filter((s) => s !== sort.id) : [...draft.sortIds, sort.id],
                        })
                      }
                    >
                      {sort.sortName}
                    </button>
                  );
                })}
              </div>
            </section>
          ))}
        </div>
        <div className="mm-form-actions">
          <Button block color="primary" shape="rounded" onClick={() => setSortsOpen(false)}>
            {t('dispatch.done')}
          </Button>
        </div>
      </Popup>

      <div className="mm-form-actions mm-dp-actions">
        {error && (
          <p className="mm-dp-error" role="alert" data-testid="dispatch-error">
            {error}
          </p>
        )}
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={save.isPending}
          onClick={() => void submit()}
          data-testid="dispatch-save"
        >
          {t('dispatch.save')}
        </Button>
        {group && (
          <Button
            block
            shape="rounded"
            size="large"
            color="danger"
            fill="outline"
            loading={remove.isPending}
            onClick={() => void confirmDelete()}
            data-testid="dispatch-delete"
          >
            {t('dispatch.delete')}
          </Button>
        )}
      </div>
    </div>
  );
}

function Chip({ label, removeLabel, onRemove }: { label: string; removeLabel: string; onRemove: () => void }) {
  return (
    <span className="mm-dp-chip">
      {label}
      <button type="button" aria-label={`${removeLabel} ${label}`} onClick={onRemove}>
        <CloseOutline />
      </button>
    </span>
  );
}

/** A province, a city of it or a district of that city: each level first offers the whole of the level above. */
function AreaAdder({ onAdd }: { onAdd: (area: TDispatchArea) => void }) {
  const { t } = useTranslation(['inquiries', 'common']);
  const regions = useRegions();
  const regionName = useRegionName();
  const [open, setOpen] = useState(false);
  const table = regions.data;
  const options = useMemo(
    () =>
      table
        ? table.provinces().map((province) => ({
            label: regionName(province.name),
            value: province.name,
            children: [
              { label: t('dispatch.wholeProvince'), value: '' },
              ...table.citiesOf(province.code).map((city) => ({
                label: regionName(city.name),
                value: city.name,
                children: [
                  { label: t('dispatch.wholeCity'), value: '' },
                  ...table.districtsOf(city.code).map((d) => ({ label: regionName(d.name), value: d.name })),
                ],
              })),
            ],
          }))
        : [],
    [table, regionName, t],
  );
  return (
    <>
      <button
        type="button"
        className="mm-dp-add"
        disabled={!table}
        onClick={() => setOpen(true)}
        data-testid="dispatch-add-area"
      >
        + {t('dispatch.addArea')}
      </button>
      <Cascader
        options={options}
        visible={open}
        title={t('dispatch.addArea')}
        confirmText={t('common:confirm')}
        cancelText={t('common:cancel')}
        onClose={() => setOpen(false)}
        onConfirm={(values) => {
          const [province, city, district] = values.map((value) => String(value ?? ''));
          if (province) onAdd({ province, city: city ?? '', district: city ? (district ?? '') : '' });
        }}
      />
    </>
  );
}
