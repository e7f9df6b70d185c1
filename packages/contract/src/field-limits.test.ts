import { describe, expect, it } from 'vitest';
import { articleFields, fieldLimits, productFields, text } from './index';

describe('field limits read from the schemas', () => {
  it("gives each field's required flag, max length and range as the server checks them", () => {
    const limits = fieldLimits(articleFields);
    expect(limits.title).toEqual({ required: true, maxLength: 100 });
    expect(limits.summary).toEqual({ required: false, maxLength: 300 });
    expect(limits.categoryId).toEqual({ required: true });
    expect(limits.bodyHtml).toEqual({ required: false });
    expect(limits.sort).toEqual({ required: false, min: 0, max: 9999 });
    expect(fieldLimits(productFields).price).toEqual({ required: true });
  });

  it('follows a changed bound', () => {
    expect(fieldLimits(articleFields.extend({ title: text('标题', 120) })).title.maxLength).toBe(120);
  });
});
