import { hash, verify } from '@node-rs/argon2';

/**
 * Password hashing (argon2id with the library's defaults), called through this object so a test can
 * count the calls (`vi.spyOn`): sign-in and sign-up must do the same work for every e-mail.
 */
export const passwordHashing = {
  hash: (password: string) => hash(password),
  verify: (passwordHash: string, password: string) => verify(passwordHash, password),
};
