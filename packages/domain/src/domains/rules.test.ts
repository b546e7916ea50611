import { describe, expect, it } from 'vitest';
import {
  checkDomainName,
  txtRecordsProve,
  verificationRecordName,
  verificationRecordValue,
} from './rules.ts';

describe('domain names', () => {
  it('normalises what was typed to a host name', () => {
    expect(checkDomainName(' https://Shop.Example.com/ ')).toEqual({ valid: true, name: 'shop.example.com' });
    expect(checkDomainName('example.co.uk.')).toEqual({ valid: true, name: 'example.co.uk' });
    expect(checkDomainName('xn--bcher-kva.example')).toEqual({ valid: true, name: 'xn--bcher-kva.example' });
  });
  it('refuses names that cannot be a domain', () => {
    for (const bad of [
      '',
      'localhost',
      'shop.example.com/path',
      'shop.example.com:8080',
      'user@example.com',
      '-shop.example.com',
      'shop-.example.com',
      'shop..example.com',
      'shop.example.123',
      'sh op.example.com',
      `${'a'.repeat(64)}.com`,
      `${'a.'.repeat(130)}com`,
      '192.168.0.1',
    ]) {
      expect(checkDomainName(bad).valid, bad).toBe(false);
    }
  });
});

describe('DNS verification record', () => {
  it('is a TXT record funnelwork-verify=<token> at _funnelwork.<domain>', () => {
    expect(verificationRecordName('shop.example.com')).toBe('_funnelwork.shop.example.com');
    expect(verificationRecordValue('abc')).toBe('funnelwork-verify=abc');
  });
  it('is proven by any TXT record whose joined strings hold the value', () => {
    expect(txtRecordsProve([['v=spf1 -all'], ['funnelwork-verify=', 'abc']], 'abc')).toBe(true);
    expect(txtRecordsProve([['funnelwork-verify=abd']], 'abc')).toBe(false);
    expect(txtRecordsProve([], 'abc')).toBe(false);
  });
});
