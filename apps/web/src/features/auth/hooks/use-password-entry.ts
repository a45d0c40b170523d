import { type AuthClientError, type AuthUser, settle } from '../api/auth-client.ts';
import { authErrorMessage, toAuthErrorCode } from '../errors.ts';
import { useCompleteSignIn } from './use-complete-sign-in.ts';
import { useEndSession } from './use-sign-out.ts';

type EntryResult = {
  data: { user: Pick<AuthUser, 'id' | 'name' | 'email'> } | { twoFactorRedirect: true } | null;
  error: AuthClientError | null;
};

/**
 * Signs in or registers with e-mail and password, then opens the session (product.md §2.2 landing rules).
 * Resolves to the Spanish error to show, or '' on success. A product user that fails to load right
 * after entering means the user is logged out (product.md §4). An account with two-factor sign-in answers
 * the password with a challenge instead of a session: `onSecondFactor` then asks for the code.
 */
export function usePasswordEntry(view: 'login' | 'register', onSecondFactor?: () => void) {
  const completeSignIn = useCompleteSignIn();
  const endSession = useEndSession();
  return async (call: () => Promise<EntryResult>): Promise<string> => {
    const result = await settle(call);
    if (result.error || !result.data) return authErrorMessage(view, toAuthErrorCode(result.error));
    if ('twoFactorRedirect' in result.data) {
      onSecondFactor?.();
      return '';
    }
    try {
      await completeSignIn(result.data.user, { isNewUser: view === 'register' });
      return '';
    } catch {
      endSession();
      return authErrorMessage(view, 'other');
    }
  };
}
