import {
  type TUploadedFile,
  translate,
  UPLOAD_IMAGE_TYPES,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
  type UploadKind,
} from '@metal/shared';
import ActionSheet from 'antd-mobile/es/components/action-sheet';
import ImageViewer from 'antd-mobile/es/components/image-viewer';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import RedoOutline from 'antd-mobile-icons/es/RedoOutline';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api';
import { showInfo } from '../lib/feedback';
import { addFeatureNamespace } from '../lib/i18n';
import { getLanguage } from '../lib/language';
import { uploadFiles } from '../lib/upload';
import enUploader from '../locales/en-US/uploader.json';
import zhUploader from '../locales/zh-CN/uploader.json';
import './image-uploader.css';

// The uploader's words travel with it, not in the start-up bundle.
addFeatureNamespace('uploader', { 'zh-CN': zhUploader, 'en-US': enUploader });

export type UploadStatus = 'uploading' | 'done' | 'failed';

/** A picked image: its local preview, how its upload goes, and the stored file once it is there. */
export interface UploadItem {
  key: string;
  file: File;
  preview: string;
  status: UploadStatus;
  /** Fraction sent, 0..1. */
  progress: number;
  uploaded?: TUploadedFile;
  /** Why it failed, in the user's language. */
  error?: string;
  /** False for a file the server can never take (too large, not an image): removing it is the only way on. */
  retryable: boolean;
}

let nextKey = 0;

/** Refusals the browser can already see, so a hopeless file is never sent. */
function precheck(file: File): string | undefined {
  const lang = getLanguage();
  if (file.size > UPLOAD_MAX_FILE_BYTES)
    return translate('upload.tooLarge', lang, { max: UPLOAD_MAX_FILE_BYTES / 1024 / 1024 });
  // The type a browser reports is a hint only (the server decides by content); an empty one is let through.
  if (file.type && !(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type))
    return translate('upload.notImage', lang);
  return undefined;
}

/**
 * The images of one uploader: each picked file is uploaded on its own, so one failure never costs the
 * others, and a failed one stays (with its preview) until it is retried or removed.
 */
export function useImageUploads(kind: UploadKind, maxCount: number) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const mounted = useRef(true);
  const { t } = useTranslation('uploader');

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      for (const item of itemsRef.current) URL.revokeObjectURL(item.preview);
    };
  }, []);

  const update = useCallback((key: string, change: Partial<UploadItem>) => {
    if (!mounted.current) return;
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const send = useCallback(
    (item: UploadItem) => {
      uploadFiles([item.file], { kind, onProgress: (progress) => update(item.key, { progress }) }).then(
        ([uploaded]) => update(item.key, { status: 'done', progress: 1, uploaded, error: undefined }),
        (error: unknown) =>
          update(item.key, {
            status: 'failed',
            error: isApiError(error) ? error.mesg : t('failed'),
            retryable: true,
          }),
      );
    },
    [kind, update, t],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const room = Math.max(0, maxCount - itemsRef.current.length);
      if (files.length > room) showInfo(t('tooMany', { max: maxCount }));
      const added = files.slice(0, room).map((file): UploadItem => {
        const refusal = precheck(file);
        return {
          key: `upload-${++nextKey}`,
          file,
          preview: URL.createObjectURL(file),
          status: refusal ? 'failed' : 'uploading',
          progress: 0,
          ...(refusal ? { error: refusal } : {}),
          retryable: !refusal,
        };
      });
      setItems((current) => [...current, ...added]);
      for (const item of added) if (item.status === 'uploading') send(item);
    },
    [maxCount, send, t],
  );

  const retry = useCallback(
    (key: string) => {
      const item = itemsRef.current.find((i) => i.key === key);
      if (item?.status !== 'failed' || !item.retryable) return;
      const again = { ...item, status: 'uploading' as const, progress: 0, error: undefined };
      setItems((current) => current.map((i) => (i.key === key ? again : i)));
      send(again);
    },
    [send],
  );

  /** Forgets items (after the page has used their files, or when the user removes one). */
  const remove = useCallback((keys: readonly string[]) => {
    for (const item of itemsRef.current) if (keys.includes(item.key)) URL.revokeObjectURL(item.preview);
    setItems((current) => current.filter((item) => !keys.includes(item.key)));
  }, []);

  return useMemo(() => {
    const done = items.filter((item) => item.status === 'done' && item.uploaded);
    return {
      items,
      add,
      retry,
      remove,
      maxCount,
      /** Stored files, in the order they were picked. */
      uploaded: done.map((item) => item.uploaded!),
      doneKeys: done.map((item) => item.key),
      busy: items.some((item) => item.status === 'uploading'),
      failed: items.some((item) => item.status === 'failed'),
    };
  }, [items, add, retry, remove, maxCount]);
}

export type ImageUploads = ReturnType<typeof useImageUploads>;

interface ImageUploaderProps {
  uploads: ImageUploads;
  /** The add tile's words (e.g. 'upload the licence'); 'add picture' when absent. */
  addLabel?: string;
  /** 'document': one wide tile showing the whole page (a licence); 'grid': square tiles, three to a row. */
  layout?: 'grid' | 'document';
}

/**
 * Pick images from the camera or the album, see them at once, follow each upload, retry a failed one
 * or remove any. Tapping an image shows it large.
 */
export function ImageUploader({ uploads, addLabel, layout = 'grid' }: ImageUploaderProps) {
  const { t } = useTranslation('uploader');
  const camera = useRef<HTMLInputElement>(null);
  const album = useRef<HTMLInputElement>(null);
  const [choosing, setChoosing] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const room = uploads.maxCount - uploads.items.length;

  const picked = (input: HTMLInputElement) => {
    const files = Array.from(input.files ?? []);
    // The same file may be picked again after it was removed.
    input.value = '';
    if (files.length > 0) uploads.add(files);
  };

  return (
    <div className={`mm-uploader is-${layout}`}>
      <ul className="mm-uploader-grid">
        {uploads.items.map((item, index) => (
          <li key={item.key} className={`mm-uploader-tile is-${item.status}`} data-testid="upload-item">
            <button
              type="button"
              className="mm-uploader-preview"
              onClick={() => setViewing(index)}
              aria-label={t('view')}
            >
              <img src={item.preview} alt="" />
            </button>
            {item.status === 'uploading' && (
              <div className="mm-uploader-progress" role="progressbar" aria-valuenow={Math.round(item.progress * 100)}>
                <span>{t('uploading', { percent: Math.round(item.progress * 100) })}</span>
                <i style={{ width: `${Math.round(item.progress * 100)}%` }} />
              </div>
            )}
            {item.status === 'failed' && (
              <div className="mm-uploader-failed" role="alert">
                <span>{item.error ?? t('failed')}</span>
                {item.retryable && (
                  <button type="button" onClick={() => uploads.retry(item.key)} data-testid="upload-retry">
                    <RedoOutline /> {t('retry')}
                  </button>
                )}
              </div>
            )}
            <button
              type="button"
              className="mm-uploader-remove"
              aria-label={t('remove')}
              onClick={() => uploads.remove([item.key])}
            >
              <CloseOutline />
            </button>
          </li>
        ))}
        {room > 0 && (
          <li className="mm-uploader-tile">
            <button
              type="button"
              className="mm-uploader-add"
              onClick={() => setChoosing(true)}
              data-testid="upload-add"
            >
              <AddOutline />
              <span>{addLabel ?? t('add')}</span>
            </button>
          </li>
        )}
      </ul>
      {/* jpeg/png/webp rather than image/*: iOS then hands over its HEIC photos as JPEG. */}
      <input
        ref={camera}
        type="file"
        accept={UPLOAD_IMAGE_TYPES.join(',')}
        capture="environment"
        hidden
        data-testid="upload-camera"
        onChange={(event) => picked(event.currentTarget)}
      />
      <input
        ref={album}
        type="file"
        accept={UPLOAD_IMAGE_TYPES.join(',')}
        multiple={Math.min(room, UPLOAD_MAX_FILES) > 1}
        hidden
        data-testid="upload-album"
        onChange={(event) => picked(event.currentTarget)}
      />
      <ActionSheet
        visible={choosing}
        onClose={() => setChoosing(false)}
        cancelText={t('cancel')}
        actions={[
          { key: 'camera', text: t('camera'), onClick: () => camera.current?.click() },
          { key: 'album', text: t('album'), onClick: () => album.current?.click() },
        ]}
        onAction={() => setChoosing(false)}
      />
      <ImageViewer.Multi
        visible={viewing !== null}
        images={uploads.items.map((item) => item.preview)}
        defaultIndex={viewing ?? 0}
        onClose={() => setViewing(null)}
      />
    </div>
  );
}

/**
 * Files kept from before an edit (already uploaded), shown above the uploader, each removable: its
 * thumbnail, or its name when it is no picture.
 */
export function KeptFiles({
  files,
  removeLabel,
  onRemove,
  testId,
}: {
  files: { url: string; thumbUrl?: string; name?: string }[];
  removeLabel: string;
  onRemove: (url: string) => void;
  testId: string;
}) {
  if (files.length === 0) return null;
  return (
    <ul className="mm-upload-kept" data-testid={testId}>
      {files.map((file) => (
        <li key={file.url}>
          {file.thumbUrl ? (
            <img className="mm-upload-kept-image" src={file.thumbUrl} alt="" />
          ) : (
            <span className="mm-upload-kept-file">{file.name}</span>
          )}
          <button type="button" aria-label={removeLabel} onClick={() => onRemove(file.url)}>
            <CloseOutline />
          </button>
        </li>
      ))}
    </ul>
  );
}
