import { type RefObject, useEffect } from 'react';

/** How close to the bottom (px) counts as reading the newest messages. */
const NEAR_BOTTOM_PX = 40;

/**
 * Keeps a scrolled list at its bottom while the reader is there, whichever way the bottom moves: the
 * list gets shorter (the composer's emoji or "+" panel opens, the draft box grows a line, a share card
 * appears, the phone's keyboard shows) or its content gets taller after it was drawn (a quote card or
 * picture fills in), so the newest messages stay in sight instead of sliding under the composer. A
 * reader who scrolled up to read stays where they are.
 */
export function useStickToBottom(listRef: RefObject<HTMLElement | null>, contentRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    // Whether the reader was at the bottom when they last scrolled (or the list last moved itself there).
    let atBottom = true;
    const onScroll = () => {
      atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < NEAR_BOTTOM_PX;
    };
    const observer = new ResizeObserver(() => {
      if (atBottom) list.scrollTop = list.scrollHeight;
    });
    list.addEventListener('scroll', onScroll, { passive: true });
    observer.observe(list);
    if (contentRef.current) observer.observe(contentRef.current);
    return () => {
      observer.disconnect();
      list.removeEventListener('scroll', onScroll);
    };
  }, [listRef, contentRef]);
}
