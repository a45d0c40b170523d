import crypto from 'node:crypto';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** A username from the person's name, or the e-mail's local part when there is no name (product.md §4). */
export function baseUsername(name: string | null | undefined, email: string): string {
  const source = name?.trim() || email.split('@')[0] || 'usuario';
  const slug = source
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  return slug || 'usuario';
}

/** A collision suffix of random letters: the spec's two, or more once a popular name has used those up. */
function withRandomSuffix(username: string, letters = 2): string {
  let suffix = '';
  for (let i = 0; i < letters; i++) suffix += LETTERS[crypto.randomInt(LETTERS.length)];
  return `${username}${suffix}`;
}

/**
 * A free username for a new user: the base, else the base with two random letters (product.md §4), tried
 * until one is free. A name shared by many users runs into taken suffixes long before all 676 are
 * used, so after a few tries the suffix grows to four letters.
 */
export async function freeUsername(
  base: string,
  taken: (candidate: string) => Promise<boolean>,
): Promise<string> {
  let username = base;
  for (let attempt = 0; await taken(username); attempt++) {
    username = withRandomSuffix(base, attempt < 5 ? 2 : 4);
  }
  return username;
}
