import {
  Calls,
  CHAT_EMOTICONS,
  CHAT_TEXT_MAX,
  ChatContentType,
  type ChatContentTypeValue,
  emoticonUrl,
  proxyPickPath,
  type UploadKind,
} from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import AddCircleOutline from 'antd-mobile-icons/es/AddCircleOutline';
import AudioOutline from 'antd-mobile-icons/es/AudioOutline';
import CameraOutline from 'antd-mobile-icons/es/CameraOutline';
import EnvironmentOutline from 'antd-mobile-icons/es/EnvironmentOutline';
import FolderOutline from 'antd-mobile-icons/es/FolderOutline';
import PictureOutline from 'antd-mobile-icons/es/PictureOutline';
import SmileOutline from 'antd-mobile-icons/es/SmileOutline';
import TextOutline from 'antd-mobile-icons/es/TextOutline';
import TruckOutline from 'antd-mobile-icons/es/TruckOutline';
import { type FormEvent, type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showFail } from '../../../lib/feedback';
import { uploadFiles } from '../../../lib/upload';
import { chooseLocationPath, takeChosenLocation } from '../../nearby';
import { useKnownToCanCall } from '../../staff/useCan';
import { FOR_SALE_LISTINGS, useMineStocks } from '../../stock-manager/api';
import { useVoiceRecorder } from './useVoiceRecorder';

/** Unicode emoji offered in the panel: faces, hands and a few things traders say with them. */
const UNICODE_EMOJI = [
  ...'😀😄😁😂🤣😊😉😍😘😎🤔😮😅😓😢😭😡😤😴🤝👍👎👌👏🙏💪🙌✌️☕🌹🎉🔥💯✅❌⭐💰📦🚚🏭⏰📞'.match(
    /\p{Extended_Pictographic}\uFE0F?/gu,
  )!,
];

export interface ChatComposerProps {
  peerId: number;
  /** Sends a text; false when nothing was sent (empty or too long). */
  onSendText: (text: string) => boolean;
  onSend: (type: ChatContentTypeValue, content: Record<string, unknown>) => void;
}

type Panel = 'emoji' | 'more' | null;

/** The draft box grows with its words up to this many lines, then scrolls inside. */
const DRAFT_MAX_LINES = 5;

/**
 * Sizes the draft box to its content (up to DRAFT_MAX_LINES lines) each time the draft changes, so a
 * second line shows instead of hiding above a one-line box; past the limit it scrolls.
 */
function useGrowingTextarea(textRef: RefObject<HTMLTextAreaElement | null>, draft: string, shown: boolean) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft and the box's presence are what change its height
  useLayoutEffect(() => {
    const box = textRef.current;
    if (!box) return;
    const style = getComputedStyle(box);
    const px = (value: string) => Number.parseFloat(value) || 0;
    const lineHeight = px(style.lineHeight) || px(style.fontSize) * 1.4 || 21;
    const padding = px(style.paddingTop) + px(style.paddingBottom);
    const border = px(style.borderTopWidth) + px(style.borderBottomWidth);
    // scrollHeight counts the padding but not the border; `height` counts both only in border-box.
    const borderBox = style.boxSizing === 'border-box';
    const tallest = lineHeight * DRAFT_MAX_LINES + (borderBox ? padding + border : 0);
    box.style.height = 'auto';
    const wanted = borderBox ? box.scrollHeight + border : box.scrollHeight - padding;
    box.style.height = `${Math.min(wanted, tallest)}px`;
    box.style.overflowY = wanted > tallest ? 'auto' : 'hidden';
  }, [draft, shown]);
}

function PanelButton({ icon, label, onClick }: { icon: ReactNode; label: string; onClick: () => void }) {
  return (
    <button type="button" className="mm-chat-more-item" onClick={onClick}>
      <span className="mm-chat-more-icon" aria-hidden="true">
        {icon}
      </span>
      <span>{label}</span>
    </button>
  );
}

/**
 * chat_page's composer: text with Unicode emoji, an emoji panel (emoji into the text, image
 * emoticons sent at once), a "+" panel (album, camera, file, location) and hold-to-talk voice. Files
 * are uploaded first, then sent as messages through the page's send path.
 */
export function ChatComposer({ peerId, onSendText, onSend }: ChatComposerProps) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const [draft, setDraft] = useState('');
  const [panel, setPanel] = useState<Panel>(null);
  // Sellers (whoever may make order/proxy_pick) pick their own lots for the person they chat with; a
  // company with nothing on sale (a pure buyer) has nothing to pick. Asked once the "+" panel opens,
  // which also has the pick page's first lots ready.
  const mayPick = useKnownToCanCall(Calls.orderProxyPick);
  const forSale = useMineStocks(FOR_SALE_LISTINGS, mayPick && panel === 'more');
  const canPick = mayPick && (forSale.data?.pages[0]?.list.length ?? 0) > 0;
  const [voiceMode, setVoiceMode] = useState(false);
  const [uploading, setUploading] = useState(0);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const albumRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const locationKey = `chat-${peerId}`;
  useGrowingTextarea(textRef, draft, !voiceMode);

  const uploadAndSend = async (
    file: Blob,
    kind: ChatUploadKind,
    toContent: (url: string) => Record<string, unknown>,
  ) => {
    setUploading((n) => n + 1);
    try {
      const [stored] = await uploadFiles([file], { kind });
      if (!stored) return;
      onSend(kindType[kind], { ...toContent(stored.url), ...uploadedFields(kind, stored) });
    } catch {
      // uploadFiles has already said why in a toast.
    } finally {
      setUploading((n) => n - 1);
    }
  };

  const recorder = useVoiceRecorder({
    onRecorded: (blob, seconds) => void uploadAndSend(blob, 'voice', (url) => ({ filePath: url, duration: seconds })),
    onProblem: (problem) => showFail(t(`composer.${problem}`)),
  });

  // Back from choose_location with a picked place: it is sent once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the page shows again; onSend changes every render
  useEffect(() => {
    const place = takeChosenLocation(locationKey);
    if (place)
      onSend(ChatContentType.location, {
        address: place.address || place.name,
        lat: place.lat,
        lgt: place.lng,
        name: place.name,
      });
  }, [locationKey]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (draft.trim().length > CHAT_TEXT_MAX) {
      showFail(t('page.tooLong', { max: CHAT_TEXT_MAX }));
      return;
    }
    if (onSendText(draft)) setDraft('');
  };

  const insertEmoji = (emoji: string) => {
    const input = textRef.current;
    const start = input?.selectionStart ?? draft.length;
    const end = input?.selectionEnd ?? draft.length;
    setDraft(draft.slice(0, start) + emoji + draft.slice(end));
  };

  const toggle = (next: Panel) => {
    setPanel((current) => (current === next ? null : next));
    setVoiceMode(false);
  };

  const picked = (input: HTMLInputElement, kind: ChatUploadKind) => {
    const files = [...(input.files ?? [])];
    input.value = '';
    setPanel(null);
    for (const file of files) {
      void uploadAndSend(file, kind, (url) =>
        kind === 'image' ? { imgUrl: url } : { urlPath: url, name: file.name, size: file.size },
      );
    }
  };

  return (
    <div className="mm-chat-composer">
      {uploading > 0 && (
        <p className="mm-chat-uploading" role="status">
          {t('composer.uploading')}
        </p>
      )}
      <form className="mm-chat-input" onSubmit={submit}>
        <button
          type="button"
          className="mm-chat-tool"
          aria-label={voiceMode ? t('composer.keyboard') : t('composer.voice')}
          data-testid="chat-voice-mode"
          onClick={() => {
            setVoiceMode(!voiceMode);
            setPanel(null);
          }}
        >
          {voiceMode ? <TextOutline /> : <AudioOutline />}
        </button>
        {voiceMode ? (
          <button
            type="button"
            className={`mm-chat-hold${recorder.state !== 'idle' ? ' is-holding' : ''}`}
            data-testid="chat-hold-to-talk"
            {...recorder.holdHandlers}
          >
            {recorder.state === 'idle' ? t('composer.holdToTalk') : t('composer.releaseToSend')}
          </button>
        ) : (
          <textarea
            ref={textRef}
            value={draft}
            rows={1}
            maxLength={CHAT_TEXT_MAX}
            placeholder={t('page.placeholder')}
            aria-label={t('page.placeholder')}
            onFocus={() => setPanel(null)}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
            }}
          />
        )}
        <button
          type="button"
          className={`mm-chat-tool${panel === 'emoji' ? ' is-active' : ''}`}
          aria-label={t('composer.emoji')}
          aria-expanded={panel === 'emoji'}
          data-testid="chat-emoji-toggle"
          onClick={() => toggle('emoji')}
        >
          <SmileOutline />
        </button>
        {draft.trim() !== '' && !voiceMode ? (
          <Button type="submit" color="primary" size="small">
            {t('page.send')}
          </Button>
        ) : (
          <button
            type="button"
            className={`mm-chat-tool${panel === 'more' ? ' is-active' : ''}`}
            aria-label={t('composer.more')}
            aria-expanded={panel === 'more'}
            data-testid="chat-more-toggle"
            onClick={() => toggle('more')}
          >
            <AddCircleOutline />
          </button>
        )}
      </form>
      {panel === 'emoji' && (
        <div className="mm-chat-panel mm-chat-emoji-panel" data-testid="chat-emoji-panel">
          <p className="mm-chat-panel-title">{t('composer.emoticonTab')}</p>
          <div className="mm-chat-emoticons">
            {CHAT_EMOTICONS.map((name) => (
              <button
                key={name}
                type="button"
                aria-label={name}
                data-testid="chat-emoticon-choice"
                onClick={() => onSend(ChatContentType.image, { imgUrl: emoticonUrl(name), emoticon: true })}
              >
                <img src={emoticonUrl(name)} alt="" />
              </button>
            ))}
          </div>
          <p className="mm-chat-panel-title">{t('composer.emojiTab')}</p>
          <div className="mm-chat-emoji">
            {UNICODE_EMOJI.map((emoji) => (
              <button key={emoji} type="button" onClick={() => insertEmoji(emoji)}>
                {emoji}
              </button>
            ))}
          </div>
        </div>
      )}
      {panel === 'more' && (
        <div className="mm-chat-panel mm-chat-more" data-testid="chat-more-panel">
          <PanelButton
            icon={<PictureOutline />}
            label={t('composer.album')}
            onClick={() => albumRef.current?.click()}
          />
          <PanelButton
            icon={<CameraOutline />}
            label={t('composer.camera')}
            onClick={() => cameraRef.current?.click()}
          />
          <PanelButton icon={<FolderOutline />} label={t('composer.file')} onClick={() => fileRef.current?.click()} />
          <PanelButton
            icon={<EnvironmentOutline />}
            label={t('composer.location')}
            onClick={() => navigate(chooseLocationPath(locationKey))}
          />
          {canPick && (
            <PanelButton
              icon={<TruckOutline />}
              label={t('composer.proxyPick')}
              onClick={() => navigate(proxyPickPath(peerId))}
            />
          )}
        </div>
      )}
      <input
        ref={albumRef}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid="chat-album-input"
        onChange={(event) => picked(event.currentTarget, 'image')}
      />
      <input
        ref={cameraRef}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={(event) => picked(event.currentTarget, 'image')}
      />
      <input
        ref={fileRef}
        type="file"
        hidden
        data-testid="chat-file-input"
        onChange={(event) => picked(event.currentTarget, 'chatFile')}
      />
      {recorder.state !== 'idle' && (
        <div className={`mm-chat-recording${recorder.state === 'cancelling' ? ' is-cancelling' : ''}`} role="status">
          <AudioOutline className="mm-chat-recording-icon" />
          <strong>{recorder.seconds}″</strong>
          <span>{recorder.state === 'cancelling' ? t('composer.releaseToCancel') : t('composer.slideToCancel')}</span>
        </div>
      )}
    </div>
  );
}

/** What chat uploads are for; licences and transfer slips never go into a conversation. */
type ChatUploadKind = Exclude<UploadKind, 'licence' | 'transferSlip'>;

const kindType: Record<ChatUploadKind, ChatContentTypeValue> = {
  image: ChatContentType.image,
  chatFile: ChatContentType.file,
  voice: ChatContentType.voice,
};

/** What the upload answer adds to the message, so it shows fully before the server's copy comes back. */
function uploadedFields(
  kind: ChatUploadKind,
  stored: { thumbUrl?: string; width?: number; height?: number; name: string; size: number },
): Record<string, unknown> {
  if (kind === 'image') return { thumbUrl: stored.thumbUrl, width: stored.width, height: stored.height };
  if (kind === 'chatFile') return { name: stored.name, size: stored.size };
  return {};
}
