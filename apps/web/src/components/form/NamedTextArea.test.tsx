// @vitest-environment happy-dom

import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { NamedTextArea } from './NamedTextArea';

const host = document.createElement('div');
document.body.append(host);
afterEach(() => render(null, host));

describe('NamedTextArea', () => {
  it('names the text box itself, and only it (not the wrapper or the hidden measuring box)', async () => {
    await act(() => render(<NamedTextArea aria-label="备注" autoSize rows={2} />, host));
    const named = [...host.querySelectorAll('[aria-label]')];
    expect(named.map((element) => [element.tagName, element.getAttribute('aria-label')])).toEqual([
      ['TEXTAREA', '备注'],
    ]);
    expect(named[0]?.getAttribute('aria-hidden')).toBeNull();
  });
});
