import {
  DEFAULT_PRODUCT_NAME,
  PUBLIC_CONFIG_META,
  type PublicConfig,
  publicConfigSchema,
} from '@rumbo/contract';

/** The installation's public config, written into index.html by the server. */
export function readPublicConfig(doc: Document = document): PublicConfig {
  const raw = doc.querySelector(`meta[name="${PUBLIC_CONFIG_META}"]`)?.getAttribute('content');
  const parsed = raw ? publicConfigSchema.safeParse(safeJson(raw)) : undefined;
  return parsed?.success ? parsed.data : { productName: DEFAULT_PRODUCT_NAME, googleEnabled: false };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const publicConfig = readPublicConfig();
