import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('@yuexun/contract');
  vi.resetModules();
});

describe("the console's forms take their limits from the contract", () => {
  it('the article form: required title of at most 100 characters, optional summary of 300, sort 0–9999', async () => {
    const { articleLimits } = await import('../pages/content/ArticleEditor/limits');
    expect(articleLimits.title).toEqual({ rules: [{ required: true }, { max: 100 }], maxLength: 100 });
    expect(articleLimits.summary).toEqual({ rules: [{ max: 300 }], maxLength: 300 });
    expect(articleLimits.categoryId).toEqual({ rules: [{ required: true }] });
    expect(articleLimits.sort).toEqual({ rules: [], min: 0, max: 9999 });
  });

  it('the product form and its specification lines', async () => {
    const { productLimits, specLimits } = await import('../pages/content/Products/limits');
    expect(productLimits.name).toEqual({ rules: [{ required: true }, { max: 60 }], maxLength: 60 });
    expect(productLimits.priceUnit.maxLength).toBe(10);
    expect(specLimits.value).toEqual({ rules: [{ required: true }, { max: 100 }], maxLength: 100 });
  });

  it('a max length changed in the contract reaches the form with no console edit', async () => {
    vi.resetModules();
    vi.doMock('@yuexun/contract', async (importOriginal) => {
      const contract = await importOriginal<typeof import('@yuexun/contract')>();
      const changed = contract.articleFields.extend({ title: contract.text('标题', 120) });
      return { ...contract, articleFields: changed };
    });
    const { articleLimits } = await import('../pages/content/ArticleEditor/limits');
    expect(articleLimits.title).toEqual({ rules: [{ required: true }, { max: 120 }], maxLength: 120 });
  });
});

describe('every form reads the same source', () => {
  it('contract building blocks carry their bounds: phone, SMS code, e-mail, password, site settings', async () => {
    const contract = await import('@yuexun/contract');
    const { limitsOf } = await import('./form-limits');
    const staff = limitsOf(contract.createStaffTenant.input);
    expect(staff.phone).toEqual({ rules: [{ required: true }, { max: 11 }], maxLength: 11 });
    expect(staff.email).toEqual({ rules: [{ max: 100 }], maxLength: 100 });
    const password = limitsOf(contract.setPasswordByLinkPublic.input).newPassword;
    expect(password.rules).toEqual([{ required: true }, { min: 8 }, { max: 128 }]);
    expect(limitsOf(contract.addLeadFollowUpAdmin.input).note.maxLength).toBe(contract.FOLLOW_UP_NOTE_MAX);
    // The keywords field once let 300 characters be typed into a field the server stops at 200.
    const site = limitsOf(contract.siteSettingsFields);
    expect(site.titleKeywords).toEqual({ rules: [{ required: true }, { max: 200 }], maxLength: 200 });
    expect(site.description.maxLength).toBe(300);
  });

  it('a form with its own wording keeps the contract bounds', async () => {
    const contract = await import('@yuexun/contract');
    const { lengthRules, limitSays, limitsOf } = await import('./form-limits');
    const rule = limitsOf(contract.createRule.input).description;
    expect(limitSays(rule, { missing: 'needed', short: 'too short' })).toEqual([
      { required: true, message: 'needed' },
      { min: 5, message: 'too short' },
      { max: 200 },
    ]);
    expect(lengthRules(limitsOf(contract.saveAccountBasicAccount.input).nickname)).toEqual([{ max: 30 }]);
  });
});
