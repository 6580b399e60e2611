import TextArea, { type TextAreaProps, type TextAreaRef } from 'antd-mobile/es/components/text-area';
import { useEffect, useRef } from 'react';

/**
 * antd-mobile's TextArea with its name on the text box itself: the library puts `aria-label` on its
 * wrapper only, where screen readers (and tests finding the box by its label) do not look; here it is
 * on the box alone, so one element has the name.
 */
export function NamedTextArea({ 'aria-label': label, ...props }: TextAreaProps & { 'aria-label': string }) {
  const ref = useRef<TextAreaRef>(null);
  useEffect(() => {
    ref.current?.nativeElement?.setAttribute('aria-label', label);
  }, [label]);
  return <TextArea ref={ref} {...props} />;
}
