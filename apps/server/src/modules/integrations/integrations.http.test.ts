import { describe, expect, it } from 'vitest';
import { IntegrationError } from './integrations.adapter.ts';
import { secretField } from './integrations.http.ts';

const stored = { secrets: { access_token: 'shpat_stored_1234' } };
const format = { pattern: /^shpat_\w{8,}$/, message: 'paste the token as Shopify shows it (shpat_…)' };

function refusal(run: () => unknown): { message: string; field?: string; status: number } {
  try {
    run();
  } catch (error) {
    if (error instanceof IntegrationError) return error as never;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('secretField: "Leave empty to keep the current key"', () => {
  it('takes what was typed, trimmed', () => {
    expect(secretField({ access_token: ' shpat_typed_5678 ' }, 'access_token', stored)).toBe(
      'shpat_typed_5678',
    );
  });

  it('keeps the stored secret when the field is left empty and the target is the same', () => {
    expect(secretField({ access_token: '' }, 'access_token', stored, { sameTarget: true })).toBe(
      'shpat_stored_1234',
    );
  });

  it('never carries the stored secret to another target: the field is then required', () => {
    const error = refusal(() => secretField({}, 'access_token', stored, { sameTarget: false }));
    expect(error).toMatchObject({ message: 'access_token is required', field: 'access_token', status: 400 });
  });

  it('is required on a first connection', () => {
    expect(refusal(() => secretField({ access_token: '  ' }, 'access_token', null)).message).toBe(
      'access_token is required',
    );
  });

  it('refuses a typed secret of the wrong shape with the message, naming the field', () => {
    const error = refusal(() => secretField({ access_token: 'nope' }, 'access_token', null, { format }));
    expect(error).toMatchObject({
      message: 'access_token: paste the token as Shopify shows it (shpat_…)',
      field: 'access_token',
    });
  });
});
