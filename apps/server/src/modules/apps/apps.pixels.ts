import { META_PIXEL_ID, TIKTOK_PIXEL_ID } from '@funnelwork/domain/apps/catalogue';

/**
 * The head markup of the tracking-pixels app: Meta's and TikTok's base codes with the funnel's ids.
 * The ids are checked again here (not only on save), so a stored value that is not exactly an id
 * never reaches the page: nothing of the merchant's text is written into a script but those digits.
 */
export function pixelMarkup(settings: Record<string, unknown>): string {
  const meta = typeof settings.meta_pixel_id === 'string' ? settings.meta_pixel_id : '';
  const tiktok = typeof settings.tiktok_pixel_id === 'string' ? settings.tiktok_pixel_id : '';
  const parts: string[] = [];
  if (META_PIXEL_ID.test(meta)) {
    parts.push(
      `<script data-funnelwork-app="meta-pixel">!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init','${meta}');fbq('track','PageView');</script>`,
    );
  }
  if (TIKTOK_PIXEL_ID.test(tiktok)) {
    parts.push(
      `<script data-funnelwork-app="tiktok-pixel">!function(w,d,t){w.TiktokAnalyticsObject=t;var ttq=w[t]=w[t]||[];ttq.methods=["page","track","identify","instances","debug","on","off","once","ready","alias","group","enableCookie","disableCookie"];ttq.setAndDefer=function(t,e){t[e]=function(){t.push([e].concat(Array.prototype.slice.call(arguments,0)))}};for(var i=0;i<ttq.methods.length;i++)ttq.setAndDefer(ttq,ttq.methods[i]);ttq.instance=function(t){for(var e=ttq._i[t]||[],n=0;n<ttq.methods.length;n++)ttq.setAndDefer(e,ttq.methods[n]);return e};ttq.load=function(e,n){var i="https://analytics.tiktok.com/i18n/pixel/events.js";ttq._i=ttq._i||{};ttq._i[e]=[];ttq._i[e]._u=i;ttq._t=ttq._t||{};ttq._t[e]=+new Date;ttq._o=ttq._o||{};ttq._o[e]=n||{};var o=d.createElement("script");o.type="text/javascript";o.async=!0;o.src=i+"?sdkid="+e+"&lib="+t;var a=d.getElementsByTagName("script")[0];a.parentNode.insertBefore(o,a)};ttq.load('${tiktok}');ttq.page()}(window,document,'ttq');</script>`,
    );
  }
  return parts.join('\n');
}
