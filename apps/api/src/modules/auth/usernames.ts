import crypto from 'node:crypto';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** A username from the person's name, or the e-mail's local part when there is no name (spec §4). */
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

/** The spec's collision suffix: two random letters. */
export function withRandomSuffix(username: string): string {
  const pick = () => LETTERS[crypto.randomInt(LETTERS.length)];
  return `${username}${pick()}${pick()}`;
}
