import {
  Calls,
  NETWORK_TIMEOUT_MS,
  Platform,
  TRANSPORT_MESSAGES,
  type TUploadedFile,
  type UploadKind,
} from '@metal/shared';
import { ApiError, type CallOptions, isEnvelope, NETWORK_CODE_FLAG, settleEnvelope } from './api';
import { getLanguage } from './language';
import { getSessionId } from './session';

export interface UploadOptions extends Pick<CallOptions, 'needLogin' | 'quietCodeFlags'> {
  /** What the files are for: `image` (public) or `licence` (private). */
  kind: UploadKind;
  /** Called as the bytes go out, with the fraction sent (0..1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** `POST /upload/file.htmls?session_id=…` as PROTOCOL.md says: the common parameters and the kind in the query. */
export function uploadUrl(kind: UploadKind): string {
  const query = new URLSearchParams({
    session_id: getSessionId(),
    platform: String(Platform.web),
    openId: '',
    lang: getLanguage(),
    kind,
  });
  return `/${Calls.uploadFile.path}.htmls?${query}`;
}

/**
 * Uploads files (multipart/form-data, each in field `file`) and resolves with the stored files, in
 * order. Answers are handled as callApi handles them (SPEC §8: codeFlag 1 → login, others → a fail
 * toast with mesg; no envelope → logged only), so a page treats both alike. XMLHttpRequest rather
 * than fetch, because only it reports upload progress in every browser.
 */
export function uploadFiles(files: readonly Blob[], options: UploadOptions): Promise<TUploadedFile[]> {
  const lang = getLanguage();
  const url = uploadUrl(options.kind);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    for (const file of files) form.append('file', file, file instanceof File ? file.name : 'image');

    const onAbort = () => xhr.abort();
    const networkFailure = (why: string) => {
      options.signal?.removeEventListener('abort', onAbort);
      console.warn(`[upload] ${url.split('?')[0]} failed: ${why}`);
      reject(new ApiError(NETWORK_CODE_FLAG, TRANSPORT_MESSAGES['common.networkError'][lang]));
    };

    xhr.open('POST', url);
    xhr.timeout = NETWORK_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      options.signal?.removeEventListener('abort', onAbort);
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = undefined;
      }
      if (!isEnvelope(json)) {
        console.warn(`[upload] answered HTTP ${xhr.status} without an envelope`);
        reject(
          new ApiError(
            NETWORK_CODE_FLAG,
            TRANSPORT_MESSAGES[xhr.status < 400 ? 'common.serverFault' : 'common.networkError'][lang],
            undefined,
            { status: xhr.status },
          ),
        );
        return;
      }
      try {
        resolve(settleEnvelope<TUploadedFile[]>(json, options, lang));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => networkFailure('network error');
    xhr.ontimeout = () => networkFailure('timed out');
    xhr.onabort = () => reject(options.signal?.reason ?? new DOMException('aborted', 'AbortError'));
    if (options.signal?.aborted) {
      reject(options.signal.reason ?? new DOMException('aborted', 'AbortError'));
      return;
    }
    options.signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(form);
  });
}
