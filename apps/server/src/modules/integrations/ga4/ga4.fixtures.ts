import { type FakeAnswer, type FakeRequest, startFakeApi } from '../fake-api.fixtures.ts';

export const GA4_MEASUREMENT_ID = 'G-FUNNEL1234';
export const GA4_API_SECRET = 'fakeGa4Secret_0123456789';
/** A measurement id the fake's validation server reports as unknown (the real one checks formats only). */
export const GA4_UNKNOWN_MEASUREMENT_ID = 'G-UNKNOWN000';

type Message = { fieldPath: string; description: string; validationCode: string };
type Event = { name?: unknown; params?: Record<string, unknown> };

/** Checks a Measurement Protocol body as the validation server does (a subset of its rules). */
function validationMessages(request: FakeRequest): Message[] {
  const messages: Message[] = [];
  if (request.query.get('measurement_id') === GA4_UNKNOWN_MEASUREMENT_ID) {
    messages.push({
      fieldPath: 'measurement_id',
      description: `Unable to find a web stream with measurement ID ${GA4_UNKNOWN_MEASUREMENT_ID}.`,
      validationCode: 'VALUE_INVALID',
    });
  }
  const body = request.json as { client_id?: unknown; events?: Event[] } | null;
  if (!body || typeof body.client_id !== 'string' || body.client_id === '') {
    messages.push({
      fieldPath: 'client_id',
      description: 'client_id is required.',
      validationCode: 'VALUE_REQUIRED',
    });
  }
  const events = Array.isArray(body?.events) ? body.events : [];
  if (events.length === 0 || events.length > 25) {
    messages.push({
      fieldPath: 'events',
      description: 'Between 1 and 25 events.',
      validationCode: 'VALUE_INVALID',
    });
  }
  events.forEach((event, index) => {
    const name = typeof event.name === 'string' ? event.name : '';
    if (!/^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(name)) {
      messages.push({
        fieldPath: 'events',
        description: `Event at index: [${index}] has invalid name [${name}]. Names must start with an alphabetic character.`,
        validationCode: 'NAME_INVALID',
      });
    }
    const params = event.params ?? {};
    if (params.value !== undefined && typeof params.currency !== 'string') {
      messages.push({
        fieldPath: `events[${index}].params.currency`,
        description: 'Currency is required when value is set.',
        validationCode: 'VALUE_REQUIRED',
      });
    }
    if (Array.isArray(params.items) && params.items.length > 200) {
      messages.push({
        fieldPath: `events[${index}].params.items`,
        description: 'Too many items.',
        validationCode: 'EXCEEDED_MAX_ENTITIES',
      });
    }
  });
  return messages;
}

/**
 * A local stand-in for the GA4 Measurement Protocol: POST /mp/collect answers 204 whatever it is sent
 * (as Google does) and records the events only for the right measurement id and API secret;
 * POST /debug/mp/collect answers `{validationMessages}` and records nothing. `outage` makes both 503.
 */
export async function startFakeGa4() {
  /** Events that GA4 would show in reports. */
  const recorded: Array<{ client_id: string; user_id?: string; event: Event }> = [];
  const state = { outage: false };

  function handle(request: FakeRequest): FakeAnswer {
    if (state.outage) return { status: 503 };
    if (request.method !== 'POST') return { status: 405 };
    if (request.path === '/debug/mp/collect') {
      return { status: 200, body: { validationMessages: validationMessages(request) } };
    }
    if (request.path === '/mp/collect') {
      const good =
        request.query.get('measurement_id') === GA4_MEASUREMENT_ID &&
        request.query.get('api_secret') === GA4_API_SECRET &&
        validationMessages(request).length === 0;
      if (good) {
        const body = request.json as { client_id: string; user_id?: string; events: Event[] };
        for (const event of body.events)
          recorded.push({ client_id: body.client_id, user_id: body.user_id, event });
      }
      return { status: 204 };
    }
    return { status: 404 };
  }

  const server = await startFakeApi(handle);
  return { ...server, recorded, state };
}
