/**
 * A small Stripe.js for the browser tests, served by the fake Stripe (fake-stripe.fixtures.ts) under
 * /v3/. It implements only what the published checkout calls: `Stripe(pk)`, `elements(options)`,
 * `create('payment')`, `mount`, `elements.submit()`, `elements.update()`, `confirmPayment`, and for an
 * off-session charge the bank declined for authentication `confirmCardPayment` and `handleNextAction`. As with
 * the real one, the card inputs live in an iframe of Stripe's origin, which confirms the intent with
 * the fake API itself (publishable key and client secret), so no card number passes through the page;
 * a card that needs 3-D Secure opens a challenge frame with Complete / Fail buttons.
 */

const CARD_FRAME = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Card</title>
<style>body{margin:0;font:15px system-ui,sans-serif}label{display:block;margin:0 0 4px;color:#30313d}
input{box-sizing:border-box;width:100%;padding:10px;margin:0 0 4px;border:1px solid #e6e6e6;border-radius:5px;font:inherit}
.row{display:flex;gap:8px}.row>div{flex:1}.err{color:#df1b41;font-size:13px;min-height:16px;margin:0 0 6px}</style></head>
<body><form onsubmit="return false">
<div><label for="number">Card number</label><input id="number" autocomplete="cc-number" inputmode="numeric" placeholder="1234 1234 1234 1234"><p class="err" id="number-error" role="alert"></p></div>
<div class="row"><div><label for="expiry">Expiration</label><input id="expiry" autocomplete="cc-exp" placeholder="MM / YY"><p class="err" id="expiry-error"></p></div>
<div><label for="cvc">CVC</label><input id="cvc" autocomplete="cc-csc" inputmode="numeric" placeholder="CVC"><p class="err" id="cvc-error"></p></div></div>
</form><script>
const $ = (id) => document.getElementById(id);
function luhn(n) { let s = 0; for (let i = 0; i < n.length; i++) { let d = +n[n.length - 1 - i]; if (i % 2) { d *= 2; if (d > 9) d -= 9; } s += d; } return n.length >= 12 && s % 10 === 0; }
function card() {
  const [m = '', y = ''] = $('expiry').value.split(/\\s*\\/\\s*|\\s+/);
  return { number: $('number').value.replace(/\\D/g, ''), month: +m, year: y.length === 2 ? 2000 + +y : +y, cvc: $('cvc').value.trim() };
}
function validate() {
  const c = card();
  const errors = {
    number: c.number === '' ? 'Your card number is incomplete.' : !luhn(c.number) ? 'Your card number is invalid.' : '',
    expiry: !(c.month >= 1 && c.month <= 12) ? "Your card's expiration date is incomplete." : c.year < new Date().getFullYear() ? "Your card's expiration year is in the past." : '',
    cvc: /^\\d{3,4}$/.test(c.cvc) ? '' : "Your card's security code is incomplete.",
  };
  for (const k in errors) $(k + '-error').textContent = errors[k];
  const first = Object.values(errors).find(Boolean);
  return first ? { type: 'validation_error', code: 'incomplete', message: first } : null;
}
window.addEventListener('message', async (event) => {
  const msg = event.data || {};
  const reply = (data) => event.source.postMessage({ ...data, id: msg.id, fakeStripe: true }, event.origin);
  if (msg.type === 'submit') return reply({ error: validate() });
  if (msg.type === 'confirm') {
    const c = card();
    const intent = msg.clientSecret.split('_secret_')[0];
    const body = new URLSearchParams({ key: msg.key, client_secret: msg.clientSecret, 'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': c.number, 'payment_method_data[card][exp_month]': String(c.month),
      'payment_method_data[card][exp_year]': String(c.year), 'payment_method_data[card][cvc]': c.cvc });
    const res = await fetch('/v1/payment_intents/' + encodeURIComponent(intent) + '/confirm', { method: 'POST', body });
    return reply({ body: await res.json() });
  }
});
</script></body></html>`;

const CHALLENGE_FRAME = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3D Secure 2 Test Page</title>
<style>body{margin:0;padding:24px;font:15px system-ui,sans-serif;background:#fff}button{margin:8px 8px 0 0;padding:10px 16px;font:inherit}</style></head>
<body><h1 style="font-size:18px">3D Secure 2 Test Page</h1><p>Complete or fail this test payment's authentication.</p>
<button id="complete" type="button">Complete</button><button id="fail" type="button">Fail</button><script>
const params = new URLSearchParams(location.hash.slice(1));
async function finish(result) {
  const body = new URLSearchParams({ key: params.get('key'), client_secret: params.get('secret'), result });
  await fetch('/v1/payment_intents/' + encodeURIComponent(params.get('intent')) + '/fake_challenge', { method: 'POST', body });
  parent.postMessage({ type: 'challenge-done', fakeStripe: true }, params.get('parent'));
}
document.getElementById('complete').onclick = () => finish('complete');
document.getElementById('fail').onclick = () => finish('fail');
</script></body></html>`;

/** The script at STRIPE_JS_URL: `Stripe(publishableKey)`. */
export function fakeStripeJs(origin: string): string {
  return `(() => {
const ORIGIN = ${JSON.stringify(origin)};
function ask(frame, message) {
  return new Promise((resolve) => {
    const id = Math.random().toString(36).slice(2);
    function on(event) {
      if (event.origin !== ORIGIN || !event.data || event.data.id !== id) return;
      window.removeEventListener('message', on);
      resolve(event.data);
    }
    window.addEventListener('message', on);
    frame.contentWindow.postMessage({ ...message, id }, ORIGIN);
  });
}
function challenge(intent, clientSecret, key) {
  return new Promise((resolve) => {
    const overlay = document.createElement('div');
    overlay.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.4);display:flex;align-items:center;justify-content:center;z-index:2147483647';
    const frame = document.createElement('iframe');
    frame.name = 'stripe-challenge-frame';
    frame.title = '3D Secure challenge';
    frame.style.cssText = 'width:min(400px,92vw);height:300px;border:0;background:#fff;border-radius:8px';
    const hash = new URLSearchParams({ intent: intent.id, secret: clientSecret, key, parent: location.origin });
    frame.src = ORIGIN + '/v3/challenge.html#' + hash;
    overlay.appendChild(frame);
    document.body.appendChild(overlay);
    function on(event) {
      if (event.origin !== ORIGIN || !event.data || event.data.type !== 'challenge-done') return;
      window.removeEventListener('message', on);
      overlay.remove();
      resolve();
    }
    window.addEventListener('message', on);
  });
}
window.Stripe = function Stripe(key) {
  if (!/^pk_(test|live)_/.test(String(key))) throw new Error('IntegrationError: Invalid API Key provided: ' + key);
  let frame = null;
  async function settle(intent, clientSecret, error) {
    if (!intent || intent.error) return { error: error || (intent && intent.error) || { type: 'api_error', message: 'No such payment_intent' } };
    if (intent.status === 'requires_action') {
      await challenge(intent, clientSecret, key);
      const query = new URLSearchParams({ key, client_secret: clientSecret });
      intent = await fetch(ORIGIN + '/v1/payment_intents/' + intent.id + '?' + query).then((r) => r.json());
    }
    if (intent.status === 'succeeded' || intent.status === 'processing') return { paymentIntent: intent };
    return { error: { ...(intent.last_payment_error || error || { type: 'card_error', message: 'Your card was declined.' }), payment_intent: intent } };
  }
  return {
    elements() {
      return {
        create(type) {
          if (type !== 'payment') throw new Error('IntegrationError: the fake knows the payment element only');
          return {
            mount(target) {
              const host = typeof target === 'string' ? document.querySelector(target) : target;
              frame = document.createElement('iframe');
              frame.name = 'fake-stripe-payment-element';
              frame.title = 'Secure payment input frame';
              frame.src = ORIGIN + '/v3/card.html';
              frame.style.cssText = 'width:100%;height:190px;border:0;display:block';
              host.appendChild(frame);
            },
            on() {},
          };
        },
        submit() {
          return ask(frame, { type: 'submit' }).then((answer) => (answer.error ? { error: answer.error } : {}));
        },
        update() {},
      };
    },
    // A saved card confirmed on-session (an off-session charge the bank declined for authentication).
    async confirmCardPayment(clientSecret, data) {
      if (!clientSecret) throw new Error('IntegrationError: confirmCardPayment needs a clientSecret');
      const intentId = clientSecret.split('_secret_')[0];
      const form = new URLSearchParams({ key, client_secret: clientSecret });
      if (data && data.payment_method) form.set('payment_method', String(data.payment_method));
      const body = await fetch(ORIGIN + '/v1/payment_intents/' + encodeURIComponent(intentId) + '/confirm', { method: 'POST', body: form }).then((r) => r.json());
      return settle(body.error ? body.error.payment_intent : body, clientSecret, body.error);
    },
    // An intent the server left in requires_action: the challenge in place, then its state.
    async handleNextAction({ clientSecret }) {
      const intentId = clientSecret.split('_secret_')[0];
      const query = new URLSearchParams({ key, client_secret: clientSecret });
      const intent = await fetch(ORIGIN + '/v1/payment_intents/' + encodeURIComponent(intentId) + '?' + query).then((r) => r.json());
      return settle(intent, clientSecret, intent.error);
    },
    async confirmPayment({ clientSecret, redirect, confirmParams }) {
      if (!clientSecret) throw new Error('IntegrationError: confirmPayment needs a clientSecret');
      if (!confirmParams || !confirmParams.return_url) throw new Error('IntegrationError: return_url is required');
      if (redirect !== 'if_required') throw new Error('IntegrationError: the fake never redirects');
      const answer = await ask(frame, { type: 'confirm', clientSecret, key });
      let intent = answer.body.error ? answer.body.error.payment_intent : answer.body;
      if (!intent) return { error: answer.body.error };
      if (intent.status === 'requires_action') {
        await challenge(intent, clientSecret, key);
        const query = new URLSearchParams({ key, client_secret: clientSecret });
        intent = await fetch(ORIGIN + '/v1/payment_intents/' + intent.id + '?' + query).then((r) => r.json());
      }
      if (intent.status === 'succeeded' || intent.status === 'processing') return { paymentIntent: intent };
      return { error: { ...(intent.last_payment_error || { type: 'card_error', message: 'Your card was declined.' }), payment_intent: intent } };
    },
  };
};
})();`;
}

/** The frames the script opens, by path. */
export function fakeStripeJsFrames(_origin: string): Record<string, { type: string; body: string }> {
  return {
    '/v3/card.html': { type: 'text/html', body: CARD_FRAME },
    '/v3/challenge.html': { type: 'text/html', body: CHALLENGE_FRAME },
  };
}
