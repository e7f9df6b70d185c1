import { describe, expect, it } from 'vitest';
import { actions } from './actions';
import * as contract from './index';

/** The map is what the permission sweep, the API documentation and the clients read: an action left out is
 * neither swept nor documented. uploadFile is the multipart upload route, documented and guarded on its own. */
const NOT_IN_MAP = new Set(['uploadFile']);

describe('the actions map', () => {
  it('holds every action the contract defines, under its own name', () => {
    const defined = Object.values(contract).filter(
      (value): value is (typeof actions)[keyof typeof actions] =>
        typeof value === 'object' && value !== null && 'name' in value && 'base' in value && 'input' in value,
    );
    const missing = defined.map((d) => d.name).filter((name) => !(name in actions) && !NOT_IN_MAP.has(name));
    expect(missing).toEqual([]);
    for (const [key, def] of Object.entries(actions)) expect(def.name).toBe(key);
  });
});
