import { DEFAULT_PRODUCT_NAME, PUBLIC_CONFIG_META, type PublicConfig } from '@rumbo/contract';

/** The installation's public config, written into index.html by the server. */
export function readPublicConfig(doc: Document = document): PublicConfig {
  const raw = doc.querySelector(`meta[name="${PUBLIC_CONFIG_META}"]`)?.getAttribute('content');
  const config = raw ? toPublicConfig(safeJson(raw)) : undefined;
  return config ?? { productName: DEFAULT_PRODUCT_NAME, googleEnabled: false, researchSources: 'model' };
}

/**
 * The contract's `publicConfigSchema`, checked by hand: this runs before the first screen, and zod
 * would add ~27 KB gzip to the login screen (ADR 0012). Like the schema, it keeps only known fields.
 */
function toPublicConfig(value: unknown): PublicConfig | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { productName, googleEnabled, feedbackUrl, tutorialVideoUrl, demo, researchSources } =
    value as Record<string, unknown>;
  if (typeof productName !== 'string' || typeof googleEnabled !== 'boolean') return undefined;
  const config: PublicConfig = {
    productName,
    googleEnabled,
    // An older server said nothing of it: research can do what a model can, no more.
    researchSources: researchSources === 'web' || researchSources === 'none' ? researchSources : 'model',
  };
  if (feedbackUrl !== undefined) {
    if (!isUrl(feedbackUrl, ['http:', 'https:', 'mailto:'])) return undefined;
    config.feedbackUrl = feedbackUrl;
  }
  if (tutorialVideoUrl !== undefined) {
    if (!isUrl(tutorialVideoUrl, ['http:', 'https:'])) return undefined;
    config.tutorialVideoUrl = tutorialVideoUrl;
  }
  if (demo === true) config.demo = true;
  return config;
}

function isUrl(value: unknown, protocols: readonly string[]): value is string {
  if (typeof value !== 'string') return false;
  try {
    return protocols.includes(new URL(value.trim()).protocol);
  } catch {
    return false;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const publicConfig = readPublicConfig();
