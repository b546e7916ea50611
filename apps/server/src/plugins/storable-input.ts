import { UNSTORABLE_MESSAGE, unstorableTextPath } from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * One rule for text on every route: a NUL character or a lone surrogate anywhere in the path, the query
 * or the body is a 400 naming its field, before any contract or handler runs. PostgreSQL cannot store
 * either, so a contract that forgot the rule used to end in a 500 from the database.
 */
export function registerStorableInput(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const parts = [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const;
    for (const [part, value] of parts) {
      const path = unstorableTextPath(value);
      if (path === undefined) continue;
      const field = path.length > 0 ? path.join('.') : part;
      done(new HttpError(400, `${field}: ${UNSTORABLE_MESSAGE}`, 'validation_error', field));
      return;
    }
    done();
  });
}
