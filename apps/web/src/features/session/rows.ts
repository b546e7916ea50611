import type { usersEndpoints } from '@funnelwork/domain/api/users';
import { addressOf } from '../../shared/api-client.ts';

type Users = typeof usersEndpoints;

/** The session's rows of the endpoint table, by address: the dashboard's first load imports no zod. */
export const sessionRows = {
  signUp: addressOf<Users['signUp']>('POST', '/api/users/signup'),
  signIn: addressOf<Users['signIn']>('POST', '/api/users/sign_in'),
  signOut: addressOf<Users['signOut']>('POST', '/api/users/sign_out'),
  me: addressOf<Users['getUsersMe']>('GET', '/api/users/me'),
  myAccounts: addressOf<Users['listUsersMeAccounts']>('GET', '/api/users/me/accounts'),
  chooseAccount: addressOf<Users['chooseAccount']>('POST', '/api/users/me/accounts/:id'),
  requestPasswordReset: addressOf<Users['requestPasswordReset']>('POST', '/api/request-password-reset'),
  updatePassword: addressOf<Users['updatePassword']>('POST', '/api/update-password'),
};
