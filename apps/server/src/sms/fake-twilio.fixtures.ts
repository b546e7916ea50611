import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_TWILIO_SID = 'AC00000000000000000000000000fake';
export const FAKE_TWILIO_TOKEN = 'fake-twilio-auth-token-0123456789';

/** One request the fake received, as Twilio would see it. */
export type TwilioRequest = { method: string; path: string; form: URLSearchParams; authorization: string };

const numbersOf: Record<string, Array<{ phone: string; locality: string; region: string }>> = {
  US: [
    { phone: '+14155550101', locality: 'San Francisco', region: 'CA' },
    { phone: '+14155550102', locality: 'San Francisco', region: 'CA' },
    { phone: '+12125550103', locality: 'New York', region: 'NY' },
  ],
  GB: [
    { phone: '+447700900101', locality: 'London', region: 'England' },
    { phone: '+447700900102', locality: 'Manchester', region: 'England' },
  ],
  DE: [{ phone: '+4915100000101', locality: 'Berlin', region: 'BE' }],
};

const twilioError = (status: number, code: number, message: string) => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

/**
 * A local stand-in for the Twilio endpoints the adapter calls: AvailablePhoneNumbers/{Country}/Local.json,
 * IncomingPhoneNumbers.json (create), IncomingPhoneNumbers/{Sid}.json (delete) and Messages.json (send),
 * with Basic auth and Twilio's error bodies. `rateLimitNext(n)` answers the next n calls 429; sending to
 * +15005550001 is refused as an invalid 'To' number (21211), as Twilio's magic test numbers are.
 */
export async function startFakeTwilio(options: { port?: number } = {}) {
  const requests: TwilioRequest[] = [];
  const owned = new Map<string, string>(); // sid → phone
  const sent: Array<{ sid: string; to: string; from: string; body: string }> = [];
  let rateLimited = 0;
  let counter = 0;
  const sid = (prefix: string) => `${prefix}${String(++counter).padStart(32, '0')}`;

  function answer(req: TwilioRequest): { status: number; body?: unknown; headers?: Record<string, string> } {
    const expected = `Basic ${Buffer.from(`${FAKE_TWILIO_SID}:${FAKE_TWILIO_TOKEN}`).toString('base64')}`;
    if (req.authorization !== expected) return twilioError(401, 20003, 'Authenticate');
    if (rateLimited > 0) {
      rateLimited -= 1;
      return { ...twilioError(429, 20429, 'Too Many Requests'), headers: { 'retry-after': '0' } };
    }
    const prefix = `/2010-04-01/Accounts/${FAKE_TWILIO_SID}`;
    if (!req.path.startsWith(prefix)) return twilioError(404, 20404, 'The requested resource was not found');
    const rest = req.path.slice(prefix.length).split('?')[0] ?? '';
    const available = /^\/AvailablePhoneNumbers\/([A-Z]{2})\/Local\.json$/.exec(rest);
    if (req.method === 'GET' && available) {
      const country = available[1] ?? '';
      const taken = new Set(owned.values());
      return {
        status: 200,
        body: {
          uri: rest,
          available_phone_numbers: (numbersOf[country] ?? [])
            .filter((n) => !taken.has(n.phone))
            .map((n) => ({
              friendly_name: n.phone,
              phone_number: n.phone,
              locality: n.locality,
              region: n.region,
              iso_country: country,
              capabilities: { voice: true, SMS: true, MMS: false },
            })),
        },
      };
    }
    if (req.method === 'POST' && rest === '/IncomingPhoneNumbers.json') {
      const phone = req.form.get('PhoneNumber') ?? '';
      const known = Object.values(numbersOf).some((list) => list.some((n) => n.phone === phone));
      if (!known || [...owned.values()].includes(phone))
        return twilioError(400, 21422, 'PhoneNumber requested is not available');
      const numberSid = sid('PN');
      owned.set(numberSid, phone);
      return {
        status: 201,
        body: { sid: numberSid, phone_number: phone, friendly_name: phone, sms_url: req.form.get('SmsUrl') },
      };
    }
    const incoming = /^\/IncomingPhoneNumbers\/(PN\w+)\.json$/.exec(rest);
    if (req.method === 'DELETE' && incoming) {
      if (!owned.delete(incoming[1] ?? ''))
        return twilioError(404, 20404, 'The requested resource was not found');
      return { status: 204 };
    }
    if (req.method === 'POST' && rest === '/Messages.json') {
      const to = req.form.get('To') ?? '';
      const from = req.form.get('From') ?? '';
      if (to === '+15005550001')
        return twilioError(400, 21211, "The 'To' number +15005550001 is not a valid phone number.");
      if (![...owned.values()].includes(from))
        return twilioError(
          400,
          21606,
          "The 'From' phone number provided is not a valid message-capable Twilio phone number for this destination/account",
        );
      const messageSid = sid('SM');
      sent.push({ sid: messageSid, to, from, body: req.form.get('Body') ?? '' });
      return {
        status: 201,
        body: { sid: messageSid, status: 'queued', to, from, body: req.form.get('Body') },
      };
    }
    return twilioError(404, 20404, 'The requested resource was not found');
  }

  const server = http.createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      raw += chunk;
    });
    request.on('end', () => {
      const req: TwilioRequest = {
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        form: new URLSearchParams(raw),
        authorization: request.headers.authorization ?? '',
      };
      requests.push(req);
      const { status, body, headers } = answer(req);
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(body === undefined ? undefined : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sent,
    owned,
    rateLimitNext(count: number) {
      rateLimited = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;
