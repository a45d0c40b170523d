/**
 * What only some requests need (a payment SDK, a document writer, a mail transport) is loaded at its
 * first use, not at start, so that an idle server does not hold it (ADR 0027). `loadOnce` runs `load`
 * at the first call and hands every caller that same promise; a load that fails is forgotten, so the
 * next call tries again (a request fails as it would have if the work itself had failed).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
