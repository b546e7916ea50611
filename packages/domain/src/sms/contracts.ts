import { z } from 'zod';
import { dataAnswer, dataBody } from '../shared/envelope.ts';
import { idValue } from '../shared/inputs.ts';
import { SMS_TARIFFS, SMS_TOP_UP_MAX_MINOR, SMS_TOP_UP_MIN_MINOR } from './rules.ts';

const COUNTRIES = SMS_TARIFFS.map((tariff) => tariff.country) as [string, ...string[]];
const country = z
  .string()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(COUNTRIES, { error: `must be one of ${COUNTRIES.join(', ')}` }));

/** `GET sms-account`: the prepaid balance and sender settings; `configured` is whether the provider is set up. */
export const smsAccountSchema = z.object({
  configured: z.boolean(),
  balance_minor: z.number().int(),
  currency: z.string(),
  default_number_id: z.number().int().nullable(),
});
export type SmsAccount = z.infer<typeof smsAccountSchema>;
export const smsAccountAnswerSchema = dataAnswer(smsAccountSchema);

/** `PUT sms-account`: the number messages come from when their funnel has none (null: the first bought). */
export const updateSmsAccountBodySchema = dataBody(z.object({ default_number_id: idValue().nullable() }));

export const smsNumberSchema = z.object({
  id: z.number().int(),
  phone_number: z.string(),
  country: z.string(),
  funnel_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type SmsNumber = z.infer<typeof smsNumberSchema>;
export const smsNumbersAnswerSchema = dataAnswer(z.array(smsNumberSchema));
export const smsNumberAnswerSchema = dataAnswer(smsNumberSchema);

/** `POST sms-numbers`: buys one of the available numbers; its country's number price is debited. */
export const buySmsNumberBodySchema = dataBody(
  z.object({
    phone_number: z
      .string()
      .trim()
      .regex(/^\+[1-9]\d{6,14}$/, 'must be a number in E.164 form (+447700900123)'),
    country,
  }),
);

export const availableNumbersQuerySchema = z.object({ country });
export const availableNumberSchema = z.object({
  phone_number: z.string(),
  friendly_name: z.string(),
  locality: z.string(),
  region: z.string(),
  country: z.string(),
});
export type AvailableNumber = z.infer<typeof availableNumberSchema>;
export const availableNumbersAnswerSchema = dataAnswer(z.array(availableNumberSchema));

export const countryTariffSchema = z.object({
  country: z.string(),
  name: z.string(),
  dial_code: z.string(),
  message_minor: z.number().int(),
  number_minor: z.number().int(),
  currency: z.string(),
});
export const countryTariffsAnswerSchema = dataAnswer(z.array(countryTariffSchema));

/** `POST top-up`: pays with a card through the platform gateway; the key makes a retry harmless. */
export const topUpBodySchema = dataBody(
  z.object({
    amount_minor: z
      .number()
      .int('must be a whole number of minor units')
      .min(SMS_TOP_UP_MIN_MINOR, `must be at least ${SMS_TOP_UP_MIN_MINOR / 100}`)
      .max(SMS_TOP_UP_MAX_MINOR, `must be at most ${SMS_TOP_UP_MAX_MINOR / 100}`),
    idempotency_key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _'),
    card: z.object({
      number: z
        .string()
        .transform((value) => value.replace(/[\s-]/g, ''))
        .pipe(z.string().regex(/^\d{12,19}$/, 'must be a card number')),
      exp_month: z.number().int().min(1).max(12),
      exp_year: z.number().int().min(2000).max(2100),
      cvc: z.string().regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
    }),
  }),
);
export const topUpSchema = z.object({
  id: z.number().int(),
  status: z.enum(['pending', 'paid', 'failed']),
  amount_minor: z.number().int(),
  currency: z.string(),
  balance_minor: z.number().int(),
});
export const topUpAnswerSchema = dataAnswer(topUpSchema);

/** `PUT funnels/{id}/sms-numbers`: which of the account's numbers send this funnel's messages. */
export const funnelSmsNumbersBodySchema = dataBody(
  z.object({ number_ids: z.array(idValue()).max(20, 'may hold at most 20 numbers') }),
);
