import {
  Calls,
  LINK_WAY_CHANNELS,
  LINK_WAY_PURPOSES,
  type LinkWayChannel,
  type LinkWayPurpose,
  linkWayValueError,
  type MessageKey,
  type TLinkWayDetail,
} from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Selector from 'antd-mobile/es/components/selector';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { FieldRow } from '../../../components/form/Rows';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { showFail, showSuccess } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import { useMessage } from '../../../lib/validation';
import { useCanCall } from '../../staff/useCan';
import { useLinkWays, useSaveLinkWays } from '../api';
import '../companies.css';

interface Draft {
  userId: number | null;
  channel: LinkWayChannel;
  value: string;
}
type Drafts = Record<LinkWayPurpose, Draft>;

const draftsOf = (detail: TLinkWayDetail): Drafts =>
  Object.fromEntries(
    LINK_WAY_PURPOSES.map((purpose) => {
      const way = detail.ways.find((w) => w.purpose === purpose);
      return [
        purpose,
        way
          ? { userId: way.userId, channel: way.channel, value: way.value }
          : { userId: null, channel: 'phone', value: '' },
      ];
    }),
  ) as Drafts;

/** SPEC §2 pagesA/link_way: for sales, purchasing and after-sales, which of the company's people buyers contact, and how. */
export default function LinkWayPage() {
  const { t } = useTranslation('companies');
  const ways = useLinkWays();
  return (
    <Page title={t('titles.linkWay')} backTo={Paths.userCenter}>
      {ways.isError ? (
        <ErrorScreen error={ways.error} onRetry={() => void ways.refetch()} />
      ) : ways.data === undefined ? (
        <section className="mm-card mm-form-card" aria-hidden="true">
          <Skeleton.Paragraph lineCount={6} animated />
        </section>
      ) : (
        <LinkWayForm detail={ways.data} />
      )}
    </Page>
  );
}

function LinkWayForm({ detail }: { detail: TLinkWayDetail }) {
  const { t } = useTranslation('companies');
  const message = useMessage();
  const save = useSaveLinkWays();
  const [drafts, setDrafts] = useState(() => draftsOf(detail));
  const [errors, setErrors] = useState<Partial<Record<LinkWayPurpose, string>>>({});
  // Whoever holds 'company' sets them (staff), not only the owner.
  const editable = useCanCall(Calls.linkWaySave);

  if (detail.people.length === 0) return <p className="mm-form-intro">{t('linkWay.empty')}</p>;

  if (!editable) {
    return (
      <>
        <p className="mm-form-intro">{t('linkWay.readOnly')}</p>
        <section className="mm-card mm-form-card">
          {LINK_WAY_PURPOSES.map((purpose) => {
            const way = detail.ways.find((w) => w.purpose === purpose);
            return (
              <FieldRow key={purpose} label={t(`linkWay.purpose.${purpose}`)} field={purpose}>
                <span className="mm-form-value" data-testid={`way-${purpose}`}>
                  {way
                    ? [way.name, t(`linkWay.channel.${way.channel}`), way.value].filter(Boolean).join(' · ')
                    : t('linkWay.notSet')}
                </span>
              </FieldRow>
            );
          })}
        </section>
      </>
    );
  }

  const change = (purpose: LinkWayPurpose, next: Partial<Draft>) => {
    setDrafts((current) => {
      const merged = { ...current[purpose], ...next };
      // Choosing a person's mobile fills in their number, which is what most companies give.
      if (next.channel === 'phone' || (next.userId && merged.channel === 'phone' && !merged.value)) {
        merged.value = detail.people.find((person) => person.userId === merged.userId)?.phone ?? merged.value;
      }
      if (next.channel && next.channel !== 'phone' && next.channel !== current[purpose].channel) merged.value = '';
      return { ...current, [purpose]: merged };
    });
    setErrors((current) => ({ ...current, [purpose]: undefined }));
  };

  const onSave = async () => {
    const found: Partial<Record<LinkWayPurpose, string>> = {};
    const ways = LINK_WAY_PURPOSES.flatMap((purpose) => {
      const draft = drafts[purpose];
      if (draft.userId === null) return [];
      const value = draft.channel === 'chat' ? '' : draft.value.trim();
      const error = linkWayValueError(draft.channel, value);
      if (error) found[purpose] = message(error as MessageKey);
      return [{ purpose, userId: draft.userId, channel: draft.channel, value }];
    });
    setErrors(found);
    const first = Object.values(found)[0];
    if (first) {
      showFail(first);
      return;
    }
    try {
      await save.mutateAsync(ways);
      showSuccess(t('saved'));
    } catch (error) {
      if (isApiError(error) && !error.isNetwork) showFail(error.mesg);
    }
  };

  return (
    <>
      <p className="mm-form-intro">{t('linkWay.intro')}</p>
      {LINK_WAY_PURPOSES.map((purpose) => {
        const draft = drafts[purpose];
        return (
          <section key={purpose} className="mm-card mm-form-card mm-link-way" data-testid={`way-${purpose}`}>
            <h2 className="mm-section-title">
              {t(`linkWay.purpose.${purpose}`)}
              <small className="mm-link-way-hint">{t(`linkWay.purposeHint.${purpose}`)}</small>
            </h2>
            <FieldRow label={t('linkWay.person')} field={`${purpose}-person`} wide>
              <Selector
                columns={2}
                value={[String(draft.userId ?? 0)]}
                onChange={(values) => {
                  const picked = Number(values[0] ?? 0);
                  change(purpose, { userId: picked > 0 ? picked : null });
                }}
                options={[
                  { label: t('linkWay.none'), value: '0' },
                  ...detail.people.map((person) => ({ label: person.name, value: String(person.userId) })),
                ]}
              />
            </FieldRow>
            {draft.userId !== null && (
              <>
                <FieldRow label={t('linkWay.channelLabel')} field={`${purpose}-channel`} wide>
                  <Selector
                    columns={3}
                    value={[draft.channel]}
                    onChange={(values) => values[0] && change(purpose, { channel: values[0] as LinkWayChannel })}
                    options={LINK_WAY_CHANNELS.map((channel) => ({
                      label: t(`linkWay.channel.${channel}`),
                      value: channel,
                    }))}
                  />
                </FieldRow>
                {draft.channel !== 'chat' && (
                  <FieldRow
                    label={t('linkWay.value')}
                    htmlFor={`way-${purpose}-value`}
                    field={`${purpose}-value`}
                    error={errors[purpose]}
                  >
                    <Input
                      id={`way-${purpose}-value`}
                      value={draft.value}
                      maxLength={30}
                      inputMode={draft.channel === 'wechat' ? 'text' : 'tel'}
                      placeholder={t(`linkWay.valuePlaceholder.${draft.channel}`)}
                      onChange={(value) => change(purpose, { value })}
                      clearable
                    />
                  </FieldRow>
                )}
              </>
            )}
          </section>
        );
      })}
      <div className="mm-form-actions">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={save.isPending}
          onClick={onSave}
          data-testid="link-way-save"
        >
          {t('save')}
        </Button>
      </div>
    </>
  );
}
