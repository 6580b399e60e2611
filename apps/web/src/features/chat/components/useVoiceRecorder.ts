import { CHAT_VOICE_MAX_SECONDS, CHAT_VOICE_MIN_SECONDS } from '@metal/shared';
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';

/** What the browser can record in, best first: Opus in WebM (Chrome, Edge) or Ogg (Firefox), AAC in MP4 (Safari). */
const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/aac'];
/** Sliding the finger up this far (px) while holding cancels the recording. */
const CANCEL_SLIDE_PX = 60;

export type RecorderProblem = 'micUnsupported' | 'micDenied' | 'micFailed' | 'tooShort';
export type RecorderState = 'idle' | 'recording' | 'cancelling';

interface Recording {
  recorder: MediaRecorder;
  stream: MediaStream;
  startedAt: number;
  cancelled: boolean;
}

/**
 * Hold-to-talk with MediaRecorder: recording starts when the button is pressed (after the microphone
 * permission), stops and is handed over when it is released, and is dropped when the finger slides up
 * and is released there. It stops by itself at the voice limit. Problems (no MediaRecorder, permission
 * denied, shorter than a second) are reported by name for the caller to word.
 */
export function useVoiceRecorder({
  onRecorded,
  onProblem,
}: {
  onRecorded: (blob: Blob, seconds: number) => void;
  onProblem: (problem: RecorderProblem) => void;
}) {
  const [state, setState] = useState<RecorderState>('idle');
  const [seconds, setSeconds] = useState(0);
  const holding = useRef(false);
  const startY = useRef(0);
  const recording = useRef<Recording | null>(null);
  const callbacks = useRef({ onRecorded, onProblem });
  callbacks.current = { onRecorded, onProblem };

  const finish = useCallback((cancel: boolean) => {
    holding.current = false;
    const current = recording.current;
    if (!current) return;
    current.cancelled = cancel;
    if (current.recorder.state !== 'inactive') current.recorder.stop();
  }, []);

  // The recording's clock, and the stop at the limit.
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setInterval(() => {
      const current = recording.current;
      if (!current) return;
      const elapsed = Math.floor((Date.now() - current.startedAt) / 1000);
      setSeconds(elapsed);
      if (elapsed >= CHAT_VOICE_MAX_SECONDS) finish(false);
    }, 250);
    return () => clearInterval(timer);
  }, [state, finish]);

  // Leaving the page mid-recording drops it and frees the microphone.
  useEffect(() => () => finish(true), [finish]);

  const start = async () => {
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      callbacks.current.onProblem('micUnsupported');
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      const name = (error as { name?: string }).name;
      callbacks.current.onProblem(name === 'NotAllowedError' || name === 'SecurityError' ? 'micDenied' : 'micFailed');
      return;
    }
    // Released while the permission was being asked for: nothing to record.
    if (!holding.current) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    const mimeType = RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported?.(type));
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    const current: Recording = { recorder, stream, startedAt: Date.now(), cancelled: false };
    recording.current = current;
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      recording.current = null;
      setState('idle');
      setSeconds(0);
      if (current.cancelled) return;
      const elapsed = Math.min(CHAT_VOICE_MAX_SECONDS, Math.round((Date.now() - current.startedAt) / 1000));
      if (elapsed < CHAT_VOICE_MIN_SECONDS || chunks.length === 0) {
        callbacks.current.onProblem('tooShort');
        return;
      }
      const type = (recorder.mimeType || mimeType || 'audio/webm').split(';')[0]!;
      const extension = type === 'audio/mp4' ? 'm4a' : (type.split('/')[1] ?? 'webm');
      callbacks.current.onRecorded(new File(chunks, `voice.${extension}`, { type }), elapsed);
    };
    recorder.onerror = () => {
      current.cancelled = true;
      callbacks.current.onProblem('micFailed');
    };
    recorder.start();
    setSeconds(0);
    setState('recording');
  };

  const holdHandlers = {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      holding.current = true;
      startY.current = event.clientY;
      void start();
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      if (!recording.current) return;
      setState(startY.current - event.clientY > CANCEL_SLIDE_PX ? 'cancelling' : 'recording');
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      finish(startY.current - event.clientY > CANCEL_SLIDE_PX);
    },
    onPointerCancel() {
      finish(true);
    },
    onContextMenu(event: { preventDefault: () => void }) {
      // A long press must not open the browser's menu.
      event.preventDefault();
    },
  };

  return { state, seconds, holdHandlers };
}
