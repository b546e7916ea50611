import { describe, expect, it } from 'vitest';
import { pixelMarkup } from './apps.pixels.ts';

describe('pixelMarkup (the tracking-pixels app in published pages)', () => {
  it("writes Meta's and TikTok's base codes with the ids", () => {
    const html = pixelMarkup({ meta_pixel_id: '123456789012345', tiktok_pixel_id: 'C4A1B2C3D4E5F6G7H8I9' });
    expect(html).toContain("fbq('init','123456789012345')");
    expect(html).toContain("ttq.load('C4A1B2C3D4E5F6G7H8I9')");
    expect(html.match(/<script /g)).toHaveLength(2);
  });

  it('writes nothing for a value that is not exactly an id (no script injection)', () => {
    expect(pixelMarkup({ meta_pixel_id: "123456789012345');alert(1);//" })).toBe('');
    expect(pixelMarkup({ meta_pixel_id: '123456789012345</script><script>alert(1)</script>' })).toBe('');
    expect(pixelMarkup({ tiktok_pixel_id: "C4A1B2C3D4E5F6G7H8I9'" })).toBe('');
    expect(pixelMarkup({ meta_pixel_id: 123456789012345, pixel: 'abc' })).toBe('');
  });
});
