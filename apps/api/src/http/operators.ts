import { type SQL, sql } from 'drizzle-orm';

/**
 * Operators (the console at /admin) are the users whose e-mail ADMIN_EMAILS names and who have proved
 * the address is theirs (ADR 0022): the account's `emailVerified`, set by the console's verification link
 * or by Google for a Google account. A listed address alone is only a name anyone could sign up with.
 * The role follows the environment, so removing an address takes the role away at the next request.
 */
export interface OperatorCandidate {
  email: string;
  emailVerified: boolean;
}

/** Whether ADMIN_EMAILS (stored in lower case) lists the address, whatever its case. */
export function isOperatorEmail(adminEmails: readonly string[], email: string): boolean {
  return adminEmails.includes(email.toLowerCase());
}

/** Listed and verified: may open the console. */
export function isOperator(adminEmails: readonly string[], user: OperatorCandidate): boolean {
  return user.emailVerified && isOperatorEmail(adminEmails, user.email);
}

/** Listed but not verified yet: the console asks for the verification link instead of opening. */
export function needsOperatorVerification(adminEmails: readonly string[], user: OperatorCandidate): boolean {
  return !user.emailVerified && isOperatorEmail(adminEmails, user.email);
}

/**
 * The role the product user shows (product.md §3 `role`): 'admin' for operators and never for anyone
 * else, whatever the stored column says (the sign-up stores 'user').
 */
export function userRole(adminEmails: readonly string[], user: OperatorCandidate & { role: string }): string {
  if (isOperator(adminEmails, user)) return 'admin';
  return user.role === 'admin' ? 'user' : user.role;
}

/**
 * The ids of the operators, as a subquery for the console's figures: operators are the team, not
 * customers, so no count of people, money or audience includes them. Same rule as `isOperator`.
 */
export function operatorIdsQuery(adminEmails: readonly string[]): SQL {
  if (adminEmails.length === 0) return sql`select id from users where false`;
  const listed = sql.join(
    adminEmails.map((email) => sql`${email}`),
    sql`, `,
  );
  return sql`select id from users where email_verified and lower(email) in (${listed})`;
}
