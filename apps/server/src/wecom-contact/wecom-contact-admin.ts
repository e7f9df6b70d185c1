/** 登录方式 → 企业微信客户联系 (signin.manage): the settings' view and update (wecom-contact-settings.service.ts). */
import {
  inquireWecomContactSettingsAdmin,
  ok,
  updateWecomContactSettingsAdmin,
  WECOM_CONTACT_CALLBACK_PATH,
} from '@yuexun/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { implement } from '../http/registry';
import { updateWecomContactSettings, wecomContactSettingsViewOf } from './wecom-contact-settings.service';

const callbackUrl = (app: FastifyInstance, request: FastifyRequest) =>
  `${app.config.publicOrigin ?? `${request.protocol}://${request.host}`}${app.config.basePath}${WECOM_CONTACT_CALLBACK_PATH.slice(1)}`;

export const wecomContactActions = [
  implement(inquireWecomContactSettingsAdmin, async ({ app, request }) =>
    ok([await wecomContactSettingsViewOf(app.db, callbackUrl(app, request))]),
  ),
  implement(updateWecomContactSettingsAdmin, async ({ input, app, request, actor }) => {
    await updateWecomContactSettings(app.db, actor, input);
    return ok([await wecomContactSettingsViewOf(app.db, callbackUrl(app, request))]);
  }),
];
