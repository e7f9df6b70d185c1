import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '../shared/audit';
import type { StaffActor } from './staff.service';

/** The admin behind a staff action: the registry checked auth 'admin', which implies a selected school. */
export const staffActor = (app: FastifyInstance, request: FastifyRequest): StaffActor => {
  const actor = actorOf(app, request);
  return { ...actor, tenantId: actor.tenantId as number };
};
