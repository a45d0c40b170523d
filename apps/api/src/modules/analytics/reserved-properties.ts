/**
 * Properties that decide whose event it is, how Mixpanel files it, or when: only the server sets them
 * (ADR 0030). Mixpanel reserves every name that starts with `$` or `mp_` (its identity merge reads
 * `$user_id`, `$device_id`, `$identified_id`, `$anon_id`; `$insert_id` de-duplicates; `$groups`, `$email`
 * and `$name` fill profiles), and reads `distinct_id`, `token`, `time` and `ip` on every event. `membership`
 * is our group key; `id` and `user_id` name a person in our own events.
 */
const RESERVED_NAMES = new Set([
  'distinct_id',
  'token',
  'time',
  'ip',
  'id',
  'user_id',
  'device_id',
  'insert_id',
  'membership',
]);

function isReservedProperty(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('$') || lower.startsWith('mp_') || RESERVED_NAMES.has(lower);
}

/** A browser's event properties without any the server alone may set. */
export function withoutReservedProperties(properties: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(properties).filter(([name]) => !isReservedProperty(name)));
}

/** product.md §3 'Analytics profile': the campaign values a browser may put on its profile. */
export const PROFILE_CAMPAIGN_PROPERTIES = ['utm_source', 'utm_medium', 'utm_campaign'] as const;

/**
 * Everything a profile update may carry: the campaign, and what the server knows (the plan, and the
 * person's e-mail and name for a user who has not opted out). Nothing else reaches a Mixpanel profile.
 */
const PROFILE_PROPERTIES = [...PROFILE_CAMPAIGN_PROPERTIES, 'plan', '$email', '$name'] as const;

export function profileProperties(properties: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    PROFILE_PROPERTIES.filter((name) => properties[name] !== undefined).map((name) => [
      name,
      properties[name],
    ]),
  );
}
