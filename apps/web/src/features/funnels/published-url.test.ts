import { describe, expect, test } from 'vitest';
import { publishedUrl } from './published-url.ts';

const here = { protocol: 'http:', hostname: 'localhost', port: '3000' };

describe('publishedUrl', () => {
  test('a connected domain wins, over https', () => {
    expect(publishedUrl('myshop', { path: 'sale', domain_name: 'shop.example.com' }, here)).toBe(
      'https://shop.example.com/sale',
    );
  });
  test('else the subdomain of this host with its port', () => {
    expect(publishedUrl('myshop', { path: 'sale', domain_name: null }, here)).toBe(
      'http://myshop.localhost:3000/sale',
    );
    expect(publishedUrl('myshop', { path: 'sale', domain_name: null }, { ...here, port: '' })).toBe(
      'http://myshop.localhost/sale',
    );
  });
  test('no address without a subdomain or domain', () => {
    expect(publishedUrl(null, { path: 'sale', domain_name: null }, here)).toBeNull();
  });
});
