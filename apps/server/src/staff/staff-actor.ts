import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Actor, actorOf } from '../shared/audit';

/** The admin behind a staff or role change, always inside one organisation. */
export type StaffActor = Actor & { tenantId: number };

/** The admin behind a staff action: the registry checked auth 'admin', which implies a selected school. */
export const staffActor = (app: FastifyInstance, request: FastifyRequest): StaffActor => {
  const actor = actorOf(app, request);
  return { ...actor, tenantId: actor.tenantId as number };
};
