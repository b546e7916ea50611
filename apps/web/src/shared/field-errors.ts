type Issue = { path: ReadonlyArray<PropertyKey>; message: string };

/** The first message per field of a failed schema check, keyed by the field's last path part. */
export function fieldErrors(issues: ReadonlyArray<Issue>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[issue.path.length - 1] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The API names the failing field in front of its message for API clients ('data.subdomain: Subdomain
 * may hold …'); a merchant reads the sentence alone, beside the field the failure names.
 */
export function withoutFieldPrefix(message: string, field: string | undefined): string {
  return field && message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
}
