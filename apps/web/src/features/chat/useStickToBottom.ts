import { type RefObject, useEffect } from 'react';

/** How close to the bottom (px) counts as reading the newest messages. */
const NEAR_BOTTOM_PX = 40;

/**
 * Keeps a scrolled list at its bottom when it gets shorter (the composer's emoji or "+" panel opens,
 * a share card appears, the phone's keyboard shows) while the reader was at the bottom, so the newest
 * messages stay in sight instead of sliding under the composer.
 */
export function useStickToBottom(listRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    let height = list.clientHeight;
    const observer = new ResizeObserver(() => {
      // Only the list's own height changed: where its bottom was before tells whether the reader was there.
      const wasAtBottom = list.scrollHeight - list.scrollTop - height < NEAR_BOTTOM_PX;
      height = list.clientHeight;
      if (wasAtBottom) list.scrollTop = list.scrollHeight;
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, [listRef]);
}
