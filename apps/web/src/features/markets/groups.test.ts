import { MAX_SORTS_PER_GROUP } from '@metal/shared';
import { describe, expect, it } from 'vitest';
import {
  canOrderGroups,
  groupByMarket,
  groupByMetal,
  groupNameErrors,
  groupSaveErrors,
  isDefaultGroup,
  moveItem,
  sameList,
  toggleSort,
} from './groups';

describe('moveItem', () => {
  it('moves one place up or down', () => {
    expect(moveItem([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moveItem([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
  });

  it('leaves the list as it is at either end or out of range', () => {
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 7, 1)).toEqual([1, 2, 3]);
  });

  it('does not change the list it was given', () => {
    const list = [1, 2];
    moveItem(list, 0, 1);
    expect(list).toEqual([1, 2]);
  });
});

describe('toggleSort and sameList', () => {
  it('appends a newly ticked sort and removes an unticked one, keeping the order of the rest', () => {
    expect(toggleSort([13, 12], 40)).toEqual([13, 12, 40]);
    expect(toggleSort([13, 12, 40], 12)).toEqual([13, 40]);
  });

  it('compares order as well as members', () => {
    expect(sameList([1, 2], [1, 2])).toBe(true);
    expect(sameList([1, 2], [2, 1])).toBe(false);
    expect(sameList([1], [1, 2])).toBe(false);
  });
});

describe('groupByMetal', () => {
  it('keeps the server order within and across metals', () => {
    const sorts = [
      { id: 13, metal: 'aluminium' as const },
      { id: 12, metal: 'copper' as const },
      { id: 78, metal: 'aluminium' as const },
    ];
    expect(groupByMetal(sorts)).toEqual([
      { metal: 'aluminium', sorts: [sorts[0], sorts[2]] },
      { metal: 'copper', sorts: [sorts[1]] },
    ]);
  });
});

describe('default group', () => {
  it('is id 0, and groups are ordered only once all are the user’s own', () => {
    expect(isDefaultGroup({ id: 0 })).toBe(true);
    expect(isDefaultGroup({ id: 7 })).toBe(false);
    expect(canOrderGroups([{ id: 0 }])).toBe(false);
    expect(canOrderGroups([{ id: 7 }])).toBe(false);
    expect(canOrderGroups([{ id: 7 }, { id: 9 }])).toBe(true);
    expect(canOrderGroups([{ id: 0 }, { id: 9 }])).toBe(false);
  });
});

describe('validation with the shared schemas', () => {
  const groups = [
    { id: 3, name: '我的行情' },
    { id: 4, name: '铝棒' },
  ];

  it('accepts a new, unique name of 1-10 characters', () => {
    expect(groupNameErrors('铜杆', groups)).toEqual({});
    expect(groupNameErrors('  铜杆  ', groups)).toEqual({});
  });

  it('refuses an empty or too long name with the shared message key', () => {
    expect(groupNameErrors('   ', groups)).toEqual({ name: 'markets.group.name' });
    expect(groupNameErrors('一二三四五六七八九十一', groups)).toEqual({ name: 'markets.group.name' });
  });

  it('refuses a name another group has, but not the group’s own', () => {
    expect(groupNameErrors('铝棒', groups)).toEqual({ name: 'markets.group.nameTaken' });
    expect(groupNameErrors('铝棒', groups, 4)).toEqual({});
  });

  it('checks the sort list against the group limit', () => {
    const tooMany = Array.from({ length: MAX_SORTS_PER_GROUP + 1 }, (_, i) => i + 1);
    expect(groupSaveErrors({ id: 0, sortIds: [13, 12] })).toEqual({});
    expect(groupSaveErrors({ id: 0, sortIds: tooMany })).toEqual({ sortIds: 'markets.group.tooManySorts' });
    expect(groupSaveErrors({ name: '新分组', sortIds: [] })).toEqual({});
    expect(groupSaveErrors({ name: '', sortIds: [1] })).toEqual({ name: 'markets.group.name' });
  });
});

describe('groupByMarket', () => {
  const row = (id: number, marketId: number, marketName: string) => ({ id, marketId, marketName });

  it('makes one section per market in the order markets first appear, rows in their order', () => {
    const rows = [
      row(1, 1, '长江现货'),
      row(4, 1, '长江现货'),
      row(2, 2, '上海有色'),
      row(8, 6, 'LME'),
      row(9, 6, 'LME'),
    ];
    expect(groupByMarket(rows)).toEqual([
      { marketId: 1, marketName: '长江现货', rows: [rows[0], rows[1]] },
      { marketId: 2, marketName: '上海有色', rows: [rows[2]] },
      { marketId: 6, marketName: 'LME', rows: [rows[3], rows[4]] },
    ]);
  });

  it('keeps a market in one section even when its rows come apart', () => {
    const rows = [row(1, 1, 'Changjiang Spot'), row(8, 6, 'LME'), row(4, 1, 'Changjiang Spot')];
    expect(groupByMarket(rows).map((s) => [s.marketName, s.rows.map((r) => r.id)])).toEqual([
      ['Changjiang Spot', [1, 4]],
      ['LME', [8]],
    ]);
  });

  it('has no sections without rows', () => {
    expect(groupByMarket([])).toEqual([]);
  });
});
