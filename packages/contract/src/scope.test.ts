/**
 * Every action declares whose staff may call it (docs/decisions/021): the console's `…Admin` actions
 * manage the site and are for the vendor's staff (scope `site`); everything else works in the selected
 * tenant. A new action that forgets its scope fails here.
 */
import { describe, expect, it } from 'vitest';
import type { ActionDef } from './action';
import { actions } from './actions';
import { leadCsvExport } from './leads-admin';
import { statsCsvExport } from './stats';

describe('action scope', () => {
  it('declares scope site exactly for the site-management (…Admin) actions', () => {
    for (const def of Object.values(actions) as ActionDef[]) {
      expect({ name: def.name, scope: def.scope ?? 'tenant' }).toEqual({
        name: def.name,
        scope: def.name.endsWith('Admin') ? 'site' : 'tenant',
      });
      if (def.scope === 'site') expect(def.auth).toBe('admin');
    }
  });

  it('declares the CSV exports as site actions too', () => {
    expect([leadCsvExport.scope, statsCsvExport.scope]).toEqual(['site', 'site']);
  });
});
