/**
 * The phone lead page calls actions by address without the contract's schemas (decision 065): each address is
 * the contract's, and what each action requires is what the console's drawer requires (leads.read to read,
 * leads.write to change), so the page is refused or offered exactly what the drawer is.
 */
import { actionPath, actions } from '@yuexun/contract';
import { describe, expect, it } from 'vitest';
import { LEAD_PHONE_ACTIONS, leadPhonePath } from './lead-api';

describe('the phone lead page’s actions', () => {
  it.each(LEAD_PHONE_ACTIONS)('%s is called at the contract’s address', (name) => {
    expect(leadPhonePath(name)).toBe(actionPath(actions[name]));
  });

  it('reads with leads.read and changes with leads.write, as the drawer', () => {
    const permissionOf = (name: (typeof LEAD_PHONE_ACTIONS)[number]) =>
      (actions[name] as { permission?: string }).permission;
    for (const name of [
      'inquireLeadListAdmin',
      'inquireLeadTimelineAdmin',
      'inquireLeadWecomContactAdmin',
    ] as const)
      expect(permissionOf(name)).toBe('leads.read');
    for (const name of ['updateLeadAdmin', 'addLeadFollowUpAdmin'] as const)
      expect(permissionOf(name)).toBe('leads.write');
  });
});
