import { describe, expect, it } from 'vitest';
import { antdLocales } from './antd';

describe("antd-mobile's words", () => {
  it('asks an English user to pull down, not scroll, to refresh', () => {
    expect(antdLocales['en-US'].PullToRefresh).toEqual({
      pulling: 'Pull down to refresh',
      canRelease: 'Release to refresh',
      complete: 'Refreshed',
    });
    expect(antdLocales['zh-CN'].PullToRefresh.pulling).toBe('下拉刷新');
  });
});
