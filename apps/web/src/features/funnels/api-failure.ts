import type { ApiResult } from '../../shared/api-client.ts';

/** For progress runs: a failed call ends the run at once. */
export const isFailure = (result: ApiResult<unknown>) => result.error !== undefined;
