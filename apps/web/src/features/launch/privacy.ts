import { StorageKeys, storage } from '../../lib/storage';

/** Whether the user agreed to the user agreement and privacy policy on this device (asked on first launch). */
export function hasAgreedPrivacy(): boolean {
  return storage.get(StorageKeys.privacyAgreed) === '1';
}

export function agreePrivacy(): void {
  storage.set(StorageKeys.privacyAgreed, '1');
}
