import { describe, expect, it } from 'vitest';
import { compareContactNames, initialLetter } from './contacts';

describe('initialLetter', () => {
  it('gives Latin names their first letter and Chinese names their pinyin initial', () => {
    expect(['bob', 'Zed', '阿明', '张三', '王经理', '李总', '欧阳', '赵总', '吴'].map(initialLetter)).toEqual([
      'B',
      'Z',
      'A',
      'Z',
      'W',
      'L',
      'O',
      'Z',
      'W',
    ]);
  });

  it("puts digits, symbols and empty names under '#'", () => {
    expect(['1号', '', '  ', '★'].map(initialLetter)).toEqual(['#', '#', '#', '#']);
  });
});

describe('compareContactNames', () => {
  it("orders A–Z across scripts, '#' last", () => {
    expect(['张三', '1号', 'bob', '阿明', 'Zed', '李总'].sort(compareContactNames)).toEqual([
      '阿明',
      'bob',
      '李总',
      '张三',
      'Zed',
      '1号',
    ]);
  });
});
