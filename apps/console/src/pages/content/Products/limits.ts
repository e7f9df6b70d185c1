/** The product form's limits, from the contract's product fields and specification lines. */
import { createProductTagAdmin, fieldLimits, productFields, productSpecFields } from '@yuexun/contract';
import { formLimits, limitsOf } from '../../../components/form-limits';

export const productLimits = formLimits(fieldLimits(productFields));
export const specLimits = formLimits(fieldLimits(productSpecFields));
export const tagLimits = limitsOf(createProductTagAdmin.input);
