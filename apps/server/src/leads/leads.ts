import {
  createAgentApplicationSALEPPublic,
  createCustomerIntentionSALEPPublic,
  ok,
  submitFormSALEPPublic,
} from '@yuexun/contract';
import { implement } from '../http/registry';
import { submitForm } from './submit-form';
import { submitLead } from './submit-lead';

export const leadActions = [
  implement(createCustomerIntentionSALEPPublic, async ({ input, request, app }) => {
    const { id, message, wecomContact } = await submitLead(app, request, { kind: 'sales', ...input });
    const data = wecomContact
      ? {
          id,
          wecomQrCode: wecomContact.qrCode,
          ...(wecomContact.link ? { wecomLink: wecomContact.link } : {}),
        }
      : { id };
    return { ...ok([data]), data, message };
  }),
  implement(createAgentApplicationSALEPPublic, async ({ input, request, app }) => {
    const { id, message } = await submitLead(app, request, { kind: 'agent', ...input });
    return { ...ok([{ id }]), data: { id }, message };
  }),
  implement(submitFormSALEPPublic, async ({ input, request, app }) => {
    const { id, message } = await submitForm(app, request, input);
    return { ...ok([{ id }]), data: { id }, message };
  }),
];
