import { CHAT_VOICE_MAX_SECONDS } from '@metal/shared';
import SoundOutline from 'antd-mobile-icons/es/SoundOutline';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showFail } from '../../../../lib/feedback';
import { stopVoice, toggleVoice, useVoicePlaying } from '../../voicePlayer';

/** The bubble grows with the recording, as chat apps show it: 72 px for a second up to 200 px for a minute. */
const widthFor = (seconds: number) =>
  Math.round(72 + (128 * Math.min(CHAT_VOICE_MAX_SECONDS, Math.max(1, seconds))) / CHAT_VOICE_MAX_SECONDS);

/** A voice message: its length; a tap plays it (stopping any other) and a second tap stops it. */
export function VoiceBubble({ content }: { content: { filePath: string; duration: number } }) {
  const { t } = useTranslation('chat');
  const playing = useVoicePlaying(content.filePath);
  const seconds = Math.round(content.duration);
  // Leaving the conversation stops what it was playing.
  useEffect(() => () => stopVoice(), []);
  return (
    <button
      type="button"
      className={`mm-chat-bubble mm-chat-voice${playing ? ' is-playing' : ''}`}
      style={{ width: widthFor(seconds) }}
      aria-label={playing ? t('bubble.voiceStop') : `${t('bubble.voicePlay')} · ${t('bubble.voice', { seconds })}`}
      aria-pressed={playing}
      data-testid="chat-voice"
      onClick={() => toggleVoice(content.filePath, () => showFail(t('bubble.voiceFailed')))}
    >
      <SoundOutline className="mm-chat-voice-icon" aria-hidden="true" />
      <span>{seconds}″</span>
    </button>
  );
}
