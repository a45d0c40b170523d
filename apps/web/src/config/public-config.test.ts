import { describe, expect, it } from 'vitest';
import { readPublicConfig } from './public-config.ts';

function docWith(head: string): Document {
  return new DOMParser().parseFromString(`<html><head>${head}</head></html>`, 'text/html');
}

describe('readPublicConfig', () => {
  it('reads the config the server wrote into the page', () => {
    const doc = docWith(
      '<meta name="rumbo-config" content="{&quot;productName&quot;:&quot;Brújula&quot;,&quot;googleEnabled&quot;:true}">',
    );
    expect(readPublicConfig(doc)).toEqual({ productName: 'Brújula', googleEnabled: true });
  });

  it('falls back to Rumbo without Google when the page has no config or a broken one', () => {
    const fallback = { productName: 'Rumbo', googleEnabled: false };
    expect(readPublicConfig(docWith(''))).toEqual(fallback);
    expect(readPublicConfig(docWith('<meta name="rumbo-config" content="{nope">'))).toEqual(fallback);
  });
});
