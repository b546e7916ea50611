// openapi-typescript builds its output with TypeScript 5's compiler API, which the repository's
// TypeScript 7 (native) no longer has: its `typescript` import is sent to the `typescript-5` alias.
export async function resolve(specifier, context, next) {
  if (specifier === 'typescript' && context.parentURL?.includes('/openapi-typescript/'))
    return next('typescript-5', context);
  return next(specifier, context);
}
