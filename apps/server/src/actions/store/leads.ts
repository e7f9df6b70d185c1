import { createCustomerIntentionSALEPPublic, HONEYPOT_FIELD, messages, ok } from '@yuexun/contract';
import { implement } from '../registry';
import { createLead, hashClientAddress, leadMessage } from './lead.service';

export const leadActions = [
  implement(createCustomerIntentionSALEPPublic, async ({ input, request, app }) => {
    if (input[HONEYPOT_FIELD]) {
      // A bot filled the hidden field: answer like a success so it learns nothing, store nothing.
      request.log.info('lead honeypot triggered');
      return { ...ok([{ id: 0 }]), data: { id: 0 }, message: messages.leadCreated };
    }
    const outcome = await createLead(app.db, input, {
      ipHash: hashClientAddress(request.ip, app.secrets.ipHash),
      limitPerHour: app.config.leadLimitPerHour,
    });
    const record = { id: outcome.id };
    return { ...ok([record]), data: record, message: leadMessage(outcome) };
  }),
];
