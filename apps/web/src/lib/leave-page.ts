/**
 * Sends the browser to a page outside the app (the payment page, the customer portal; Better Auth's
 * client leaves for Google by itself). Its own module so that tests can replace it: jsdom cannot navigate.
 */
export function leavePage(url: string): void {
  window.location.assign(url);
}

/**
 * Resolves when the page comes back without having left (back-forward cache) or after a while, so
 * that the button the user pressed (a payment, the portal, Google) stays busy while the browser is on its
 * way.
 */
export function waitWhileLeaving(timeoutMs = 15_000): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('pageshow', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    window.addEventListener('pageshow', done);
  });
}
