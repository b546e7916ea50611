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

describe('integration API addresses', () => {
  it("default to the services' own, with {dc} and {shop} left for each connection", () => {
    const config = loadConfig({});
    expect(config.mailchimpApiBase).toBe('https://{dc}.api.mailchimp.com');
    expect(config.ga4ApiBase).toBe('https://www.google-analytics.com');
    expect(config.shopifyApiBase).toBe('https://{shop}');
    expect(config.shopifyRetryAfterMaxMs).toBe(10_000);
  });

  it('take local fakes and refuse what is not a URL, naming the setting', () => {
    const config = loadConfig({
      MAILCHIMP_API_BASE: 'http://127.0.0.1:4010',
      SHOPIFY_API_BASE: 'http://127.0.0.1:4011/{shop}',
      SHOPIFY_RETRY_AFTER_MAX_MS: '50',
    });
    expect(config.mailchimpApiBase).toBe('http://127.0.0.1:4010');
    expect(config.shopifyApiBase).toBe('http://127.0.0.1:4011/{shop}');
    expect(config.shopifyRetryAfterMaxMs).toBe(50);
    expect(() => loadConfig({ MAILCHIMP_API_BASE: 'mailchimp' })).toThrow(
      /Invalid setting MAILCHIMP_API_BASE/,
    );
    expect(() => loadConfig({ SHOPIFY_API_BASE: 'ftp://{shop}' })).toThrow(
      /Invalid setting SHOPIFY_API_BASE/,
    );
    expect(() => loadConfig({ GA4_API_BASE: 'nope' })).toThrow(/Invalid setting GA4_API_BASE/);
  });
});

describe('PROCESS_ROLE settings', () => {
  it('web and jobs need DATABASE_URL; all is the default', () => {
    expect(() => loadConfig({ PROCESS_ROLE: 'web' })).toThrow(
      'Invalid setting PROCESS_ROLE: web needs DATABASE_URL (the embedded database belongs to one process)',
    );
    expect(loadConfig({}).processRole).toBe('all');
    expect(loadConfig({ PROCESS_ROLE: 'jobs', DATABASE_URL: 'postgres://db.example/app' }).processRole).toBe(
      'jobs',
    );
  });
});

describe('DATABASE_POOL_MAX', () => {
  it('is 10 by default; a value out of 2–100 is refused naming the setting', () => {
    expect(loadConfig({}).databasePoolMax).toBe(10);
    expect(loadConfig({ DATABASE_POOL_MAX: '3' }).databasePoolMax).toBe(3);
    expect(() => loadConfig({ DATABASE_POOL_MAX: '1' })).toThrow('Invalid setting DATABASE_POOL_MAX');
  });
});

describe('DATABASE_REPORTS_POOL_MAX', () => {
  it('is 2 by default; a value out of 1–100 is refused naming the setting', () => {
    expect(loadConfig({}).databaseReportsPoolMax).toBe(2);
    expect(loadConfig({ DATABASE_REPORTS_POOL_MAX: '1' }).databaseReportsPoolMax).toBe(1);
    expect(() => loadConfig({ DATABASE_REPORTS_POOL_MAX: '0' })).toThrow(
      'Invalid setting DATABASE_REPORTS_POOL_MAX',
    );
    expect(() => loadConfig({ DATABASE_REPORTS_POOL_MAX: '101' })).toThrow(
      'Invalid setting DATABASE_REPORTS_POOL_MAX',
    );
  });
});

describe('DATABASE_REPLICA_URL', () => {
  it('is off unless set, needs DATABASE_URL, and falls back above 5000 ms of lag by default', () => {
    expect(loadConfig({}).databaseReplica).toBeUndefined();
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://replica.example/app' })).toThrow(
      'Invalid setting DATABASE_REPLICA_URL: a replica needs DATABASE_URL (the embedded database has none)',
    );
    const primary = { DATABASE_URL: 'postgres://db.example/app' };
    expect(
      loadConfig({ ...primary, DATABASE_REPLICA_URL: 'postgres://replica.example/app' }).databaseReplica,
    ).toEqual({ url: 'postgres://replica.example/app', maxLagMs: 5_000 });
    expect(
      loadConfig({ ...primary, DATABASE_REPLICA_URL: 'postgres://r/app', DATABASE_REPLICA_MAX_LAG_MS: '250' })
        .databaseReplica?.maxLagMs,
    ).toBe(250);
    expect(() => loadConfig({ ...primary, DATABASE_REPLICA_MAX_LAG_MS: '-1' })).toThrow(
      'Invalid setting DATABASE_REPLICA_MAX_LAG_MS',
    );
    expect(() => loadConfig({ ...primary, DATABASE_REPLICA_URL: 'replica' })).toThrow(
      'Invalid setting DATABASE_REPLICA_URL',
    );
  });
});
