import { describe, expect, it } from 'vitest';
import { capacityAttributeLabel, capacityAttributePreset } from './capacity';

describe('capacity attributes', () => {
  it('knows a preset by its key or either label, whatever the case and spaces', () => {
    expect(capacityAttributePreset('grade')).toBe('grade');
    expect(capacityAttributePreset(' 牌号 ')).toBe('grade');
    expect(capacityAttributePreset('SURFACE')).toBe('surface');
    expect(capacityAttributePreset('Specification')).toBe('spec');
    expect(capacityAttributePreset('直径')).toBeNull();
  });

  it('labels a preset in the reader’s language and leaves the poster’s own names as typed', () => {
    expect(capacityAttributeLabel('temper', 'zh-CN')).toBe('状态');
    expect(capacityAttributeLabel('temper', 'en-US')).toBe('Temper');
    expect(capacityAttributeLabel('直径', 'en-US')).toBe('直径');
  });
});
