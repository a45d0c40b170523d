/**
 * Operators (the console at /admin) are the users whose e-mail ADMIN_EMAILS names: the role follows
 * the environment, so removing an address takes the role away at the next request.
 */
export function isOperatorEmail(adminEmails: readonly string[], email: string): boolean {
  return adminEmails.includes(email.toLowerCase());
}

/** The role the product user shows (product.md §3 `role`): 'admin' for operators, else the stored one. */
export function userRole(adminEmails: readonly string[], user: { email: string; role: string }): string {
  return isOperatorEmail(adminEmails, user.email) ? 'admin' : user.role;
}
