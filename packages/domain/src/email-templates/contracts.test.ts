import { describe, expect, it } from 'vitest';
import {
  createEmailTemplateBodySchema,
  EMAIL_TEMPLATE_NAME_REQUIRED,
  isTestRecipient,
  SEND_TEST_CLOSE_MS,
  sendTestEmailBodySchema,
  TEST_RECIPIENT_INVALID,
} from './contracts.ts';

describe('send test email (spec §5, §9)', () => {
  it(`"Test recipient must match a standard e-mail pattern; Send test is disabled otherwise; placeholder 'Type a valid email address'"`, () => {
    expect(TEST_RECIPIENT_INVALID).toBe('Type a valid email address');
    for (const recipient of ['ann@example.com', ' ann.lee+test@shop.example ', 'o@x.co']) {
      expect(isTestRecipient(recipient), recipient).toBe(true);
    }
    for (const recipient of [
      '',
      '   ',
      'ann',
      'ann@',
      '@example.com',
      'ann lee@example.com',
      'two@x.com, three@y.com',
      `${'a'.repeat(250)}@x.com`,
    ]) {
      expect(isTestRecipient(recipient), recipient).toBe(false);
    }
  });

  it('the server checks the recipient as the popup does, with the same text', () => {
    const body = (recipient: string) => ({ data: { recipient, email_template_id: 7 } });
    expect(sendTestEmailBodySchema.parse(body(' ann@example.com '))).toEqual({
      data: { recipient: 'ann@example.com', email_template_id: 7 },
    });
    const refused = sendTestEmailBodySchema.safeParse(body('ann@'));
    expect(refused.success ? [] : refused.error.issues.map((issue) => issue.message)).toEqual([
      TEST_RECIPIENT_INVALID,
    ]);
  });

  it('"Send-test popup closes after 1.5 s"', () => {
    expect(SEND_TEST_CLOSE_MS).toBe(1_500);
  });
});

describe('e-mail template name (spec §5)', () => {
  it(`"Email template name required on save: alert 'Please enter a template name'"`, () => {
    expect(EMAIL_TEMPLATE_NAME_REQUIRED).toBe('Please enter a template name');
    for (const name of ['', '   ']) {
      const checked = createEmailTemplateBodySchema.safeParse({ data: { name, config: '{}' } });
      expect(checked.success ? [] : checked.error.issues.map((issue) => issue.message)).toEqual([
        EMAIL_TEMPLATE_NAME_REQUIRED,
      ]);
    }
  });
});
