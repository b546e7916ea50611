import { describe, expect, it } from 'vitest';
import { loadConfig, trustedProxies } from './config.ts';

describe('TRUST_PROXY', () => {
  it('is off unless set: no peer may forward', () => {
    for (const value of [undefined, '', 'false', 'off', 'OFF']) {
      const setting = loadConfig({ TRUST_PROXY: value }).trustProxy;
      expect(setting).toBe(false);
      expect(trustedProxies(setting)('127.0.0.1', 0)).toBe(false);
    }
  });

  it('takes true, or addresses, CIDRs and proxy-addr names, and trusts only those', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    const setting = loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback' }).trustProxy;
    expect(setting).toEqual(['10.0.0.0/8', '192.168.1.7', 'loopback']);
    const trust = trustedProxies(setting);
    expect([trust('10.20.30.40', 0), trust('192.168.1.7', 0), trust('::1', 0)]).toEqual([true, true, true]);
    expect([trust('192.168.1.8', 0), trust('203.0.113.5', 0)]).toEqual([false, false]);
  });

  it('refuses a hop count and anything that is not an address, naming the setting', () => {
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY.*not a hop count/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8,proxy.example.com' })).toThrow(
      /Invalid setting TRUST_PROXY: TRUST_PROXY is true or a comma-separated list/,
    );
  });
});
