/** The article form's limits, from the contract's article fields (title length, required category …). */
import { articleFields, fieldLimits } from '@yuexun/contract';
import { formLimits } from '../../../components/form-limits';

export const articleLimits = formLimits(fieldLimits(articleFields));
