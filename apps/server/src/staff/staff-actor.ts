import type { Actor } from '../shared/audit';

/** The admin behind a staff or role change, always inside one organisation. */
export type StaffActor = Actor & { tenantId: number };

/** The admin behind a staff action: the registry checked auth 'admin', which implies a selected school. */
export const staffActor = (actor: Actor): StaffActor => {
  const { tenantId } = actor;
  if (tenantId === null || tenantId === undefined)
    throw new Error('staff action without a selected organisation');
  return { ...actor, tenantId };
};
