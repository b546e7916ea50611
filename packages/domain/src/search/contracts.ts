import { z } from 'zod';
import { dataAnswer } from '../shared/envelope.ts';
import { queryText } from '../shared/inputs.ts';

/** The most results each group of the global search box shows; "View all" opens the full list. */
export const SEARCH_GROUP_LIMIT = 5;
/** Longer text is cut to this many characters before it is matched. */
export const SEARCH_QUERY_MAX = 100;

/** GET search?query — the typed text; empty clears the results. */
export const searchQuerySchema = z.object({ query: queryText(1000).optional() });

/** "funnels (id, name, funnel_type)". */
export const searchFunnelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  funnel_type: z.number().int(),
});
/** An app of the catalogue, found by its own name; opens /apps/{id}. */
export const searchAppSchema = z.object({
  id: z.number().int(),
  name: z.string(),
});
/** "customers (id, first_name, last_name)". */
export const searchCustomerSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});
export const searchIntegrationSchema = z.object({ id: z.number().int(), name: z.string() });
/** A product; opens /funnel/{funnel_id}/steps/{step_id}/product/{id} when it is placed on a step. */
export const searchProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  funnel_id: z.number().int().nullable(),
  step_id: z.number().int().nullable(),
  funnel_type: z.number().int().nullable(),
  image_url: z.string().nullable(),
});

export const searchResultsSchema = z.object({
  funnels: z.array(searchFunnelSchema),
  apps: z.array(searchAppSchema),
  customers: z.array(searchCustomerSchema),
  integrations: z.array(searchIntegrationSchema),
  products: z.array(searchProductSchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;
export type SearchGroupName = keyof SearchResults;
export const searchAnswerSchema = dataAnswer(searchResultsSchema);
