import type { TCompanyInfo } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import CheckCircleFill from 'antd-mobile-icons/es/CheckCircleFill';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { useDraft } from '../../../components/form/draft';
import { useBack } from '../../../components/Page';
import { Dialog, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showFail } from '../../../lib/feedback';
import { currentPoint, LocateError, type LocateFailure } from '../../../lib/geolocation';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { type AddressDraft, chosenRegions, draftFromAddress, type MapPoint, type RegionTable } from '../address';
import { CompanyPage } from '../components/CompanyPage';
import { PointSummary } from '../components/PointSummary';
import { RegionsGate } from '../components/RegionsGate';
import { DraftKeys } from '../form';
import '../companies.css';

/**
 * SPEC §2 pagesA/user_center/choose_address: where the business address's map point comes from. No
 * map can be shown, so the choice is the browser's current location (GPS, corrected to GCJ-02 with the
 * shared helper) or the chosen district's centre from the region table, and the page says which one
 * is used. A failed location says 'Failed to get location' and offers the settings (SPEC §8).
 */
export default function ChooseAddressPage() {
  const { t } = useTranslation('companies');
  return (
    <CompanyPage title={t('titles.chooseAddress')} backTo={Paths.editManagerAddress}>
      {(info) =>
        info.editable ? (
          <RegionsGate>{(regions) => <PointChooser info={info} regions={regions} />}</RegionsGate>
        ) : (
          <p className="mm-co-readonly">{t('readOnly')}</p>
        )
      }
    </CompanyPage>
  );
}

type Choice = 'located' | 'centre' | 'saved';

function PointChooser({ info, regions }: { info: TCompanyInfo; regions: RegionTable }) {
  const { t } = useTranslation(['companies', 'common']);
  const navigate = useNavigate();
  const back = useBack(Paths.editManagerAddress);
  const { user } = useSession();
  useDialogsClosedOnLeave();
  const [draft, setDraft] = useDraft<AddressDraft>(DraftKeys.address(user?.userId ?? 0));
  const value = draft ?? draftFromAddress(regions, info.manageAddress);
  const names = chosenRegions(regions, value);
  const saved = value.point?.source === 'saved' ? value.point : null;
  const [located, setLocated] = useState<MapPoint | null>(value.point?.source === 'located' ? value.point : null);
  const [choice, setChoice] = useState<Choice>(value.point ? value.point.source : 'centre');
  const [locating, setLocating] = useState(false);

  if (!names) {
    return (
      <EmptyState
        kind="search"
        title={t('choose.needRegion')}
        description={t('choose.needRegionText')}
        action={{
          label: t('choose.backToEdit'),
          onClick: () => navigate(Paths.editManagerAddress, { replace: true }),
        }}
      />
    );
  }
  const district = names.district.name;

  const explainSettings = () =>
    Dialog.alert({
      title: t('choose.settingsTitle'),
      content: <p className="mm-co-steps">{t('choose.settingsSteps')}</p>,
      confirmText: t('choose.gotIt'),
    });

  const failed = (reason: Exclude<LocateFailure, 'outsideMainland'>) => {
    const reasons: Record<Exclude<LocateFailure, 'outsideMainland'>, string> = {
      denied: t('choose.failedDenied'),
      unavailable: t('choose.failedUnavailable'),
      timeout: t('choose.failedTimeout'),
      unsupported: t('choose.failedUnsupported'),
    };
    Dialog.show({
      title: t('choose.failedTitle'),
      content: (
        <div data-testid="locate-failed">
          <p>{reasons[reason]}</p>
          <p>{t('choose.failedAdvice')}</p>
        </div>
      ),
      closeOnAction: true,
      actions: [
        [{ key: 'settings', text: t('choose.goToSettings'), bold: true, onClick: () => void explainSettings() }],
        [{ key: 'centre', text: t('choose.useCentre'), onClick: () => setChoice('centre') }],
        [{ key: 'cancel', text: t('common:cancel') }],
      ],
    });
  };

  const locate = () => {
    setLocating(true);
    currentPoint()
      .then((point) => {
        setLocated({ source: 'located', ...point });
        setChoice('located');
      })
      .catch((error: unknown) => {
        const reason = error instanceof LocateError ? error.reason : 'unavailable';
        if (reason === 'outsideMainland') showFail(t('choose.outsideMainland'));
        else failed(reason);
      })
      .finally(() => setLocating(false));
  };

  const confirm = () => {
    const point = choice === 'located' ? located : choice === 'saved' ? saved : null;
    setDraft({ ...value, point });
    back();
  };

  return (
    <>
      <p className="mm-form-intro">{t('choose.intro')}</p>
      {saved && (
        <OptionCard
          title={t('address.pointSaved')}
          selected={choice === 'saved'}
          onSelect={() => setChoice('saved')}
          testId="option-saved"
        >
          <PointSummary point={saved} names={names} showSource={false} />
        </OptionCard>
      )}
      <OptionCard
        title={t('choose.locateTitle')}
        selected={choice === 'located' && located !== null}
        onSelect={located ? () => setChoice('located') : undefined}
        testId="option-located"
      >
        <p className="mm-co-option-text">{t('choose.locateText')}</p>
        {located && <PointSummary point={located} names={names} showSource={false} />}
        <Button
          size="small"
          color="primary"
          fill="outline"
          shape="rounded"
          loading={locating}
          loadingText={t('choose.locating')}
          onClick={(event) => {
            event.stopPropagation();
            locate();
          }}
          data-testid="locate"
        >
          {located ? t('choose.locateAgain') : t('choose.locate')}
        </Button>
      </OptionCard>
      <OptionCard
        title={t('choose.centreTitle', { district })}
        selected={choice === 'centre'}
        onSelect={() => setChoice('centre')}
        testId="option-centre"
      >
        <p className="mm-co-option-text">{t('choose.centreText', { district })}</p>
        <PointSummary point={null} names={names} showSource={false} />
      </OptionCard>
      <div className="mm-form-actions">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          disabled={choice === 'located' && located === null}
          onClick={confirm}
          data-testid="point-confirm"
        >
          {t('choose.confirm')}
        </Button>
      </div>
    </>
  );
}

function OptionCard({
  title,
  selected,
  onSelect,
  testId,
  children,
}: {
  title: string;
  selected: boolean;
  onSelect: (() => void) | undefined;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('companies');
  // A label around a radio: a tap anywhere on the card chooses it (the button inside keeps its own tap).
  return (
    <label className={`mm-card mm-co-option ${selected ? 'is-selected' : ''}`} data-testid={testId}>
      <input
        type="radio"
        name="map-point"
        className="mm-co-option-radio"
        checked={selected}
        disabled={!onSelect}
        onChange={() => onSelect?.()}
      />
      <span className="mm-co-option-title">
        <span>{title}</span>
        {selected && (
          <span className="mm-co-option-current">
            <CheckCircleFill aria-hidden="true" /> {t('choose.current')}
          </span>
        )}
      </span>
      {children}
    </label>
  );
}
