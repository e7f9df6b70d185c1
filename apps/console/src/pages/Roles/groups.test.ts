import { PERMISSIONS } from '@yuexun/contract/permissions';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en-US';
import zh from '../../locales/zh-CN';
import { ORDERED_PERMISSIONS, ungrouped } from './groups';

describe('role editor groups', () => {
  it('offer every permission of the contract exactly once', () => {
    expect(ungrouped()).toEqual([]);
    expect([...ORDERED_PERMISSIONS].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('name every permission in zh-CN (the contract words) and en-US', () => {
    const zhStrings = zh as Record<string, string>;
    const enStrings = en as Record<string, string>;
    for (const p of PERMISSIONS) {
      expect(zhStrings[`roles.permission.${p}`]).toMatch(/\p{Script=Han}/u);
      expect(enStrings[`roles.permission.${p}`]).toMatch(/^[A-Z]/);
    }
    expect(zhStrings['roles.permission.leads.export']).toBe('导出线索');
  });
});
