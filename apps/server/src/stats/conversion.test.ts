/** 转化率's definition (issue 32 item 11): the share of visitors who left a lead, never above 100 %. */
import { describe, expect, it } from 'vitest';
import { conversionOf } from './stats.service';

describe('conversionOf', () => {
  it('is people who left a lead ÷ visitors', () => {
    expect(conversionOf(200, 3)).toBe(0.015);
  });

  it('counts the visitors as at least the people who left a lead (some were not counted): at most 100 %', () => {
    // A fresh instance showed 访客 1, 线索 2: 200 % under the old definition.
    expect(conversionOf(1, 2)).toBe(1);
    expect(conversionOf(0, 5)).toBe(1);
  });

  it('is 0 without visitors or leads', () => {
    expect(conversionOf(0, 0)).toBe(0);
    expect(conversionOf(40, 0)).toBe(0);
  });
});
