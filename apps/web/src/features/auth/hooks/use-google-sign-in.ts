import { useCallback } from 'react';
import { copy } from '../../../config/copy.es.ts';
import { publicConfig } from '../../../config/public-config.ts';
import { waitWhileLeaving } from '../../../lib/leave-page.ts';
import { startGoogleSignIn } from '../api/google.ts';
import { type AuthView, authErrorMessage, toAuthErrorCode } from '../errors.ts';

/**
 * Starts 'Continuar con Google' from a view. Resolves with the text the view must show ('' for none);
 * while the browser leaves for Google it stays pending so that the button keeps its progress.
 */
export function useGoogleSignIn(view: Extract<AuthView, 'login' | 'register'>) {
  return useCallback(async (): Promise<string> => {
    if (!publicConfig.googleEnabled) return copy.auth.googleUnavailable;
    let error: Awaited<ReturnType<typeof startGoogleSignIn>>;
    try {
      error = await startGoogleSignIn();
    } catch (thrown) {
      error = { status: 0, message: String(thrown) };
    }
    if (error) return authErrorMessage(view, toAuthErrorCode(error));
    await waitWhileLeaving();
    return '';
  }, [view]);
}
