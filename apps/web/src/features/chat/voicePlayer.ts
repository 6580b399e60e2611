import { useSyncExternalStore } from 'react';

/**
 * Plays voice messages one at a time: starting one stops the one playing. Bubbles read which address
 * is playing to show their state.
 */
let playing: { url: string; audio: HTMLAudioElement } | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function stopVoice(): void {
  if (!playing) return;
  playing.audio.pause();
  playing = null;
  notify();
}

/** Plays `url`, or stops it when it is the one playing; `onFail` is told when the browser cannot play it. */
export function toggleVoice(url: string, onFail: () => void): void {
  const wasPlaying = playing?.url === url;
  stopVoice();
  if (wasPlaying) return;
  const audio = new Audio(url);
  const current = { url, audio };
  playing = current;
  audio.onended = () => {
    if (playing === current) stopVoice();
  };
  audio.onerror = () => {
    if (playing === current) stopVoice();
    onFail();
  };
  notify();
  audio.play().catch((error: unknown) => {
    if (playing === current) stopVoice();
    // A pause before playback began rejects too; only a real failure is reported.
    if ((error as { name?: string })?.name !== 'AbortError') onFail();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the voice message at `url` is playing now. */
export function useVoicePlaying(url: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => playing?.url === url,
    () => false,
  );
}
