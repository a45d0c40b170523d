import { describe, expect, it } from 'vitest';
import { readPublicConfig } from './public-config.ts';

function docWith(head: string): Document {
  return new DOMParser().parseFromString(`<html><head>${head}</head></html>`, 'text/html');
}

function metaWith(config: object): string {
  const content = JSON.stringify(config).replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  return `<meta name="rumbo-config" content="${content}">`;
}

describe('readPublicConfig', () => {
  it('reads the config the server wrote into the page', () => {
    const doc = docWith(
      '<meta name="rumbo-config" content="{&quot;productName&quot;:&quot;Brújula&quot;,&quot;googleEnabled&quot;:true}">',
    );
    expect(readPublicConfig(doc)).toEqual({
      productName: 'Brújula',
      googleEnabled: true,
      researchSources: 'model',
    });
  });

  it('keeps the optional links and drops fields it does not know', () => {
    const config = {
      productName: 'Rumbo',
      googleEnabled: false,
      feedbackUrl: 'mailto:hola@rumbo.example',
      tutorialVideoUrl: 'https://video.example/rumbo',
      other: 1,
    };
    expect(readPublicConfig(docWith(metaWith(config)))).toEqual({
      productName: 'Rumbo',
      googleEnabled: false,
      feedbackUrl: 'mailto:hola@rumbo.example',
      tutorialVideoUrl: 'https://video.example/rumbo',
      // A page without it: research on the model's knowledge, never 'Activado' (docs/decisions/0049).
      researchSources: 'model',
    });
  });

  it('falls back to Rumbo without Google when the page has no config or a broken one', () => {
    const fallback = { productName: 'Rumbo', googleEnabled: false, researchSources: 'model' };
    expect(readPublicConfig(docWith(''))).toEqual(fallback);
    expect(readPublicConfig(docWith('<meta name="rumbo-config" content="{nope">'))).toEqual(fallback);
    expect(readPublicConfig(docWith(metaWith({ productName: 'Rumbo' })))).toEqual(fallback);
    const badLink = { productName: 'Brújula', googleEnabled: true, tutorialVideoUrl: 'javascript:alert(1)' };
    expect(readPublicConfig(docWith(metaWith(badLink)))).toEqual(fallback);
  });
});
