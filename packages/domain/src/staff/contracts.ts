import { z } from 'zod';
import { emailSchema, nameFieldSchema } from '../account/contracts.ts';
import { dataBody } from '../shared/envelope.ts';

/* Staff: the members of an account and their permissions. */

export const permissionsSchema = z
  .object({
    admin: z.boolean().optional(),
    funnels: z.boolean().optional(),
    editor: z.boolean().optional(),
    automations: z.boolean().optional(),
    orders: z.boolean().optional(),
  })
  .strict();
export type PermissionsInput = z.infer<typeof permissionsSchema>;

export const staffSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  permissions: z.string(),
  role: z.string(),
  owner: z.boolean(),
  created_at: z.string(),
});
export type Staff = z.infer<typeof staffSchema>;
export const createStaffBodySchema = dataBody(
  z.object({
    email: emailSchema,
    first_name: nameFieldSchema.default(''),
    last_name: nameFieldSchema.default(''),
    permissions: permissionsSchema,
  }),
);
export const updateStaffBodySchema = dataBody(z.object({ permissions: permissionsSchema }));
