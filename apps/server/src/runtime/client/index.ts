import { formatTimerPart } from '@funnelwork/domain/shared/timer';
import { fieldsIn, hydrateField, showFormStep, submitOptin, validate } from './forms.ts';
import { type PageData, readPageData, registerAction, registerHydrator, start } from './registry.ts';
// Checkout, order summary, product list, order bump and one-click upsells register their hydrators.
import './checkout.ts';

export { registerAction, registerHydrator } from './registry.ts';

const go = (url: string | null) => {
  if (url) window.location.assign(url);
};

function showPopup(id: string | null) {
  const popup = id
    ? document.querySelector<HTMLElement>(`.fw-popup[data-popup-id="${CSS.escape(id)}"]`)
    : null;
  if (popup) popup.hidden = false;
  return popup !== null;
}

// Timer: counts down from the rendered value and runs the expire action at zero.
registerHydrator('[data-timer]', (timer, data) => {
  const part = (name: string) => timer.querySelector<HTMLElement>(`[data-part="${name}"]`);
  const read = (name: string) => Number(part(name)?.textContent ?? 0) || 0;
  let left = read('hours') * 3600 + read('minutes') * 60 + read('seconds');
  if (left <= 0) return;
  const render = () => {
    const values = {
      hours: Math.floor(left / 3600),
      minutes: Math.floor((left % 3600) / 60),
      seconds: left % 60,
    };
    for (const [name, value] of Object.entries(values)) {
      const element = part(name);
      if (element) element.textContent = formatTimerPart(value, name as 'hours');
    }
  };
  const tick = window.setInterval(() => {
    left -= 1;
    render();
    if (left > 0) return;
    window.clearInterval(tick);
    const action = timer.getAttribute('data-expire-action');
    const href = timer.getAttribute('data-expire-href');
    if (href) go(href);
    else if (action === 'next-step') go(data.nextUrl);
    else if (action === 'show-popup') showPopup(timer.getAttribute('data-expire-popup-id'));
    else if (action === 'submit-step') timer.closest('form')?.requestSubmit();
  }, 1000);
});

registerHydrator('.fw-field', (field) => hydrateField(field));

// Two-step form: step 1's next-step shows step 2 once its fields are filled; back returns.
/**
 * A State field follows the country chosen for the same address (shipping_state with shipping_country,
 * state with country, else the form's country select): the listed regions of that country (US states,
 * Canadian provinces, Australian states, Romanian counties), free text for any other country, and
 * nothing to choose before a country is. The field's name, id and required mark move to the control
 * shown, so only it is validated and posted.
 */
registerHydrator('select[data-options-type="states"]', (select) => {
  const states = select as HTMLSelectElement;
  const scope = states.closest('form, [data-two-step-form], .fw-page') ?? document;
  const countryName = states.name.replace(/state$/, 'country');
  const country =
    scope.querySelector<HTMLSelectElement>(
      `select[data-options-type="countries"][name="${CSS.escape(countryName)}"]`,
    ) ?? scope.querySelector<HTMLSelectElement>('select[data-options-type="countries"]');
  if (!country) return;
  const { name, id, required } = states;
  const text = document.createElement('input');
  text.type = 'text';
  text.className = states.className;
  text.autocomplete = 'address-level1';
  text.hidden = true;
  text.disabled = true;
  states.after(text);
  const use = (shown: HTMLInputElement | HTMLSelectElement, other: HTMLInputElement | HTMLSelectElement) => {
    other.hidden = true;
    other.disabled = true;
    other.removeAttribute('name');
    other.removeAttribute('id');
    other.required = false;
    shown.hidden = false;
    shown.name = name;
    shown.id = id;
    shown.required = required;
  };
  const show = () => {
    let offered = 0;
    for (const option of Array.from(states.options)) {
      const of = option.getAttribute('data-country');
      if (of === null) continue;
      option.hidden = of !== country.value;
      if (!option.hidden) offered++;
    }
    if (states.selectedOptions[0]?.hidden) states.value = '';
    const free = country.value !== '' && offered === 0;
    if (free) use(text, states);
    else use(states, text);
    // Before a country is chosen there is nothing to choose from.
    states.disabled = !free && offered === 0;
    text.disabled = !free;
    states.closest('.fw-field')?.toggleAttribute('data-disabled', !free && offered === 0);
  };
  country.addEventListener('change', () => {
    text.value = '';
    show();
  });
  show();
});

registerHydrator('[data-two-step-form]', (form) => {
  const show = (step: string) => showFormStep(form, step);
  form.addEventListener('submit', (event) => event.preventDefault());
  form.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLElement>('[data-action]');
    const action = button?.getAttribute('data-action');
    if (action === 'previous-step') show('1');
    else if (action === 'next-step' && button?.closest('.fw-form-step')?.getAttribute('data-step') === '1') {
      event.stopPropagation();
      event.preventDefault();
      if (validate(fieldsIn(form.querySelector('.fw-form-step[data-step="1"]') ?? form))) show('2');
    }
  });
});

// A page's own forms (opt-ins): validated here, sent to the opt-in endpoint, then the next step.
registerAction('submit-step', (button, _event, data) => {
  // A checkout (a page with a payment form) is the checkout script's to submit.
  if (document.querySelector('[data-payment-form]')) return false;
  // A two-step form sends the fields of both steps; elsewhere the button's form, popup or page.
  const twoStep = button.closest<HTMLElement>('[data-two-step-form]');
  const fields = twoStep
    ? Array.from(twoStep.querySelectorAll<HTMLElement>('.fw-field'))
    : fieldsIn(button.closest('form') ?? button.closest('.fw-popup') ?? document);
  if (!validate(fields)) return true;
  if (fields.length === 0) go(data.nextUrl);
  else void submitOptin(fields, data, button);
  return true;
});
document.addEventListener('submit', (event) => {
  const form = event.target as HTMLFormElement;
  if (form.closest('.fw-page')) event.preventDefault();
});

registerAction('next-step', (_button, _event, data: PageData) => {
  go(data.nextUrl);
  return true;
});
registerAction('show-popup', (button) => showPopup(button.getAttribute('data-popup-id')));
registerAction('close-popup', (button) => {
  const popup = button.closest<HTMLElement>('.fw-popup');
  if (popup) popup.hidden = true;
  return popup !== null;
});
registerAction('goto-element', (link) => {
  const id = decodeURIComponent((link.getAttribute('href') ?? '').slice(1));
  const target = id ? document.getElementById(id) : null;
  target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  return target !== null;
});
registerHydrator('.fw-popup', (popup) => {
  popup.addEventListener('click', (event) => {
    if (event.target === popup) popup.hidden = true;
  });
});

// FAQ: one open answer at a time within a column, announced to assistive technology.
registerHydrator('details.fw-faq', (faq) => {
  const summary = faq.querySelector('summary');
  const sync = () => summary?.setAttribute('aria-expanded', String((faq as HTMLDetailsElement).open));
  sync();
  faq.addEventListener('toggle', sync);
});

// Image slider: thumbnails scroll their slide into view and mark the current one.
registerHydrator('[data-image-slider]', (slider) => {
  const slides = slider.querySelector<HTMLElement>('.fw-slides');
  slider.querySelectorAll<HTMLAnchorElement>('.fw-thumbs a').forEach((thumb) => {
    thumb.addEventListener('click', (event) => {
      event.preventDefault();
      const slide = slider.querySelector<HTMLElement>(`#${CSS.escape(thumb.hash.slice(1))}`);
      if (slides && slide)
        slides.scrollTo({ left: slide.offsetLeft - slides.offsetLeft, behavior: 'smooth' });
      for (const a of Array.from(slider.querySelectorAll('.fw-thumbs a'))) a.removeAttribute('aria-current');
      thumb.setAttribute('aria-current', 'true');
    });
  });
});

// Before/after slider: the cut follows the pointer or the arrow keys.
registerHydrator('[data-before-after-slider]', (slider) => {
  const clip = slider.querySelector<HTMLElement>('.fw-after-clip');
  const separator = slider.querySelector<HTMLElement>('.fw-separator');
  const set = (percent: number) => {
    const value = Math.min(100, Math.max(0, percent));
    slider.setAttribute('data-position', String(Math.round(value)));
    slider.setAttribute('aria-valuenow', String(Math.round(value)));
    if (clip) clip.style.clipPath = `inset(0 0 0 ${value}%)`;
    if (separator) separator.style.left = `${value}%`;
  };
  const fromEvent = (event: PointerEvent) => {
    const box = slider.getBoundingClientRect();
    set(((event.clientX - box.left) / box.width) * 100);
  };
  slider.setAttribute('role', 'slider');
  slider.setAttribute('tabindex', '0');
  slider.setAttribute('aria-valuemin', '0');
  slider.setAttribute('aria-valuemax', '100');
  slider.style.touchAction = 'pan-y';
  let dragging = false;
  slider.addEventListener('pointerdown', (event) => {
    dragging = true;
    slider.setPointerCapture(event.pointerId);
    fromEvent(event);
  });
  slider.addEventListener('pointermove', (event) => dragging && fromEvent(event));
  slider.addEventListener('pointerup', () => {
    dragging = false;
  });
  slider.addEventListener('keydown', (event) => {
    const now = Number(slider.getAttribute('data-position') ?? 50);
    if (event.key === 'ArrowLeft') set(now - 5);
    if (event.key === 'ArrowRight') set(now + 5);
  });
});

// Video: a file video loads only when it comes into view.
registerHydrator('[data-video] video[preload="none"]', (video) => {
  if (!('IntersectionObserver' in window)) return;
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) {
      (video as HTMLVideoElement).preload = 'metadata';
      observer.disconnect();
    }
  });
  observer.observe(video);
});

/**
 * The view, reported once per page load: the HTML is the same for every visitor (a shared cache holds
 * it), so the visitor and session cookies come with this answer. Previews are not counted.
 */
function reportView() {
  const data = readPageData();
  if (!data.viewUrl || new URLSearchParams(window.location.search).get('fw_preview') === '1') return;
  void fetch(data.viewUrl, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page_id: data.pageId, url: window.location.href, referrer: document.referrer }),
  }).catch(() => undefined);
}
reportView();

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => start());
else start();
