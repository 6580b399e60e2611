import {
  AGENT_BUY_PHOTOS_MAX,
  AGENT_BUY_TEXT_MAX,
  type AgentBuyKind,
  Calls,
  type TAgentBuySaveRequest,
  ZAgentBuySaveRequest,
} from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Selector from 'antd-mobile/es/components/selector';
import AudioOutline from 'antd-mobile-icons/es/AudioOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NamedTextArea } from '../../../components/form/NamedTextArea';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { ImageUploader, useImageUploads } from '../../../components/ImageUploader';
import { isApiError } from '../../../lib/api';
import { showFail, showSuccess } from '../../../lib/feedback';
import { useLanguage } from '../../../lib/i18n';
import { agentBuyDetailPath } from '../../../lib/navigation';
import { uploadFiles } from '../../../lib/upload';
import { fieldErrors, localizeMessage } from '../../../lib/validation';
import { useVoiceRecorder } from '../../chat/components/useVoiceRecorder';
import { useProductSorts } from '../../markets/api';
import { IfCanCall } from '../../staff/NoPermissionNote';
import { useSaveAgentBuy } from '../api';

/** The recording as the form holds it: its local copy to play back, and its stored address once uploaded. */
interface Voice {
  preview: string;
  seconds: number;
  url: string | null;
  failed: boolean;
}

/**
 * Hold-to-record voice (MediaRecorder, up to a minute; slide up to cancel): the recording is uploaded at
 * once and can be played back, recorded again or removed. When the browser cannot record or the
 * microphone is refused, the form says so and words or photos still do.
 */
function VoiceField({ voice, onChange }: { voice: Voice | null; onChange: (voice: Voice | null) => void }) {
  const { t } = useTranslation('agentBuys');
  const [problem, setProblem] = useState('');
  const recorder = useVoiceRecorder({
    onRecorded: (blob, seconds) => {
      setProblem('');
      if (voice) URL.revokeObjectURL(voice.preview);
      const next: Voice = { preview: URL.createObjectURL(blob), seconds, url: null, failed: false };
      onChange(next);
      uploadFiles([blob], { kind: 'voice' }).then(
        ([stored]) => onChange({ ...next, url: stored?.url ?? null, failed: !stored }),
        () => onChange({ ...next, failed: true }),
      );
    },
    onProblem: (name) => setProblem(t(`form.${name}`)),
  });
  const recording = recorder.state !== 'idle';
  const holdLabel =
    recorder.state === 'cancelling'
      ? t('form.releaseToCancel')
      : recording
        ? t('form.releaseToFinish', { seconds: recorder.seconds })
        : voice
          ? t('form.reRecord')
          : t('form.holdToRecord');
  return (
    <div className="mm-ab-voice" data-field="voiceUrl">
      {voice && !recording && (
        <div className="mm-ab-voice-clip" data-testid="voice-clip">
          {/* biome-ignore lint/a11y/useMediaCaption: a spoken request has no captions to offer */}
          <audio src={voice.preview} controls preload="metadata" />
          <span className="mm-ab-voice-seconds">{t('form.voiceSeconds', { seconds: voice.seconds })}</span>
          <button
            type="button"
            className="mm-link"
            onClick={() => {
              URL.revokeObjectURL(voice.preview);
              onChange(null);
            }}
          >
            {t('form.removeVoice')}
          </button>
        </div>
      )}
      {voice && !voice.url && !voice.failed && <p className="mm-ab-hint">{t('form.voiceUploading')}</p>}
      {voice?.failed && (
        <p className="mm-pc-error" role="alert">
          {t('form.voiceUploadFailed')}
        </p>
      )}
      <button
        type="button"
        className={`mm-ab-hold ${recording ? 'is-holding' : ''} ${recorder.state === 'cancelling' ? 'is-cancelling' : ''}`}
        data-testid="voice-hold"
        {...recorder.holdHandlers}
      >
        <AudioOutline aria-hidden="true" /> {holdLabel}
      </button>
      <p className="mm-ab-hint">{t('form.recordHint')}</p>
      {problem && (
        <p className="mm-pc-error" role="alert" data-testid="voice-problem">
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * input_agent_buy and input_agent_sell: words, a recording and/or photos (at least one), an optional
 * category (a physical product: futures series stay in the quotes) and the contact phone. Checked with the server's own rules first; what was entered stays
 * when the submission fails. A saved request opens at once.
 */
export function AgentBuyForm({ kind }: { kind: AgentBuyKind }) {
  const { t } = useTranslation('agentBuys');
  const navigate = useNavigate();
  const [lang] = useLanguage();
  const sorts = useProductSorts();
  const save = useSaveAgentBuy();
  const uploads = useImageUploads('image', AGENT_BUY_PHOTOS_MAX);
  const errors = useFieldErrors();
  const [text, setText] = useState('');
  const [voice, setVoice] = useState<Voice | null>(null);
  const [sortId, setSortId] = useState<number | undefined>();
  const [phone, setPhone] = useState('');
  const suffix = kind === 'buy' ? 'Buy' : 'Sell';
  const photoCount = uploads.items.length;
  const hasContent = text.trim() !== '' || voice !== null || photoCount > 0;

  const submit = async () => {
    if (uploads.busy || (voice && !voice.url && !voice.failed)) return showFail(t('form.uploading'));
    if (uploads.failed || voice?.failed) return showFail(t('form.uploadFailed'));
    const request: TAgentBuySaveRequest = {
      kind,
      text: text.trim(),
      photos: uploads.uploaded.map((file) => file.url),
      ...(voice?.url ? { voiceUrl: voice.url, voiceSeconds: voice.seconds } : {}),
      ...(sortId ? { sortId } : {}),
      ...(phone.trim() ? { phone: phone.trim() } : {}),
    };
    const checked = ZAgentBuySaveRequest.safeParse(request);
    if (!checked.success) {
      const found = fieldErrors(checked.error.issues);
      errors.setAll(found);
      const [field, key] = Object.entries(found)[0]!;
      showFail(localizeMessage(key, lang));
      document.querySelector(`[data-field="${field}"]`)?.scrollIntoView?.({ block: 'center' });
      return;
    }
    errors.setAll({});
    try {
      const saved = await save.mutateAsync(request);
      showSuccess(t('form.submitted'));
      navigate(agentBuyDetailPath(saved.id), { replace: true });
    } catch (error) {
      // What was entered stays; the server's reasons go beside their fields.
      if (isApiError(error) && error.errors) errors.setAll(error.errors);
    }
  };

  // "Describe it in words, voice or photos" no longer holds once any of the three is there.
  const stale = (field: string) => hasContent && errors.keys[field] === 'agentBuy.contentRequired';
  const error = (field: string) =>
    errors.show(field) && !stale(field) ? (
      <p className="mm-pc-error" role="alert">
        {errors.show(field)}
      </p>
    ) : null;

  return (
    <div className="mm-ab-form" data-testid={`agent-form-${kind}`}>
      <p className="mm-ab-intro">{t(`form.intro${suffix}`)}</p>
      <section className="mm-card mm-ab-card" data-field="text">
        <h2 className="mm-section-title">{t('form.text')}</h2>
        <NamedTextArea
          name="text"
          aria-label={t('form.text')}
          placeholder={t(`form.textPlaceholder${suffix}`)}
          maxLength={AGENT_BUY_TEXT_MAX}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
          value={text}
          onChange={setText}
        />
        {error('text')}
      </section>
      <section className="mm-card mm-ab-card">
        <h2 className="mm-section-title">{t('form.voice')}</h2>
        <VoiceField voice={voice} onChange={setVoice} />
        {error('voiceUrl')}
        {error('voiceSeconds')}
      </section>
      <section className="mm-card mm-ab-card" data-field="photos">
        <h2 className="mm-section-title">{t('form.photos')}</h2>
        <ImageUploader uploads={uploads} />
        {error('photos')}
      </section>
      <section className="mm-card mm-ab-card" data-field="sortId">
        <h2 className="mm-section-title">{t('form.category')}</h2>
        <Selector
          className="mm-pc-selector"
          // English category names are long: two to a row keeps each readable.
          columns={lang === 'en-US' ? 2 : 3}
          value={sortId ? [sortId] : []}
          onChange={(value) => setSortId(value[0])}
          options={(sorts.data ?? []).map((sort) => ({ label: sort.sortName, value: sort.id }))}
        />
        {error('sortId')}
      </section>
      <section className="mm-card mm-ab-card" data-field="phone">
        <h2 className="mm-section-title">{t('form.phone')}</h2>
        <Input
          name="phone"
          type="tel"
          inputMode="tel"
          aria-label={t('form.phone')}
          placeholder={t('form.phonePlaceholder')}
          value={phone}
          onChange={setPhone}
          clearable
        />
        {error('phone')}
      </section>
      <div className="mm-ab-submit">
        <IfCanCall call={Calls.agentBuySave}>
          <Button
            color="primary"
            block
            size="large"
            loading={save.isPending}
            onClick={submit}
            data-testid="agent-submit"
          >
            {t('form.submit')}
          </Button>
        </IfCanCall>
      </div>
    </div>
  );
}
