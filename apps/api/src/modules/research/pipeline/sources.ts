import { createHash } from 'node:crypto';
import { officialSourceOf } from '@rumbo/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import { hostOf, normaliseUrl } from '../../../lib/outside-text.ts';
import { fold } from '../grounding/facts.ts';
import { PAGE_TEXT_MAX_CHARS } from '../web/extract.ts';
import type { SearchResult } from '../web/search.ts';

/** A page the run read and stored: its number, address, title and readable text. */
export interface StoredSource {
  number: number;
  url: string;
  title: string;
  text: string;
}

/** The same words in the same order: one page, whatever its address. */
export const contentHash = (text: string) =>
  createHash('sha256').update(fold(text).replace(/\s+/g, ' ').trim()).digest('hex');

/**
 * The run's sources as the pipeline works with them: what it stored (a resumed run keeps them), looked
 * up by normalised address and by content, so a page met again under a tracking parameter or another
 * address is the same source.
 */
export class SourceLibrary {
  private readonly byNumber = new Map<number, StoredSource>();
  private readonly byUrl = new Map<string, StoredSource>();

  constructor(sources: StoredSource[]) {
    for (const source of sources) this.remember(source);
  }

  static async load(db: Db, researchId: number): Promise<SourceLibrary> {
    const rows = await queryRows<StoredSource>(
      db,
      sql`select number, url, title, text from research_sources where research_id = ${researchId} order by number`,
    );
    return new SourceLibrary(rows.map((row) => ({ ...row, number: Number(row.number) })));
  }

  private remember(source: StoredSource) {
    this.byNumber.set(source.number, source);
    this.byUrl.set(normaliseUrl(source.url), source);
  }

  get(number: number): StoredSource | undefined {
    return this.byNumber.get(number);
  }

  atUrl(url: string): StoredSource | undefined {
    return this.byUrl.get(normaliseUrl(url));
  }

  all(): StoredSource[] {
    return [...this.byNumber.values()].sort((a, b) => a.number - b.number);
  }

  /**
   * Stores a page as the run's next numbered source, or finds the stored one with the same normalised
   * address or the same content. `added` is false when it was already there.
   */
  async store(
    db: Db,
    researchId: number,
    page: { url: string; title: string; text: string },
  ): Promise<{ source: StoredSource; added: boolean }> {
    const url = normaliseUrl(page.url);
    const text = page.text.slice(0, PAGE_TEXT_MAX_CHARS);
    const hash = contentHash(text);
    const [row] = await queryRows<{ number: number; added: boolean }>(
      db,
      sql`with existing as (
            select number from research_sources
            where research_id = ${researchId} and (url = ${url} or content_hash = ${hash})
            order by number limit 1),
          inserted as (
            insert into research_sources (research_id, number, url, title, excerpt, text, content_hash)
            select ${researchId}, coalesce((select max(number) from research_sources where research_id = ${researchId}), 0) + 1,
              ${url}, ${page.title.slice(0, 300)}, ${text.slice(0, 1_000)}, ${text}, ${hash}
            where not exists (select 1 from existing)
            returning number)
          select number, true as added from inserted union all select number, false as added from existing`,
    );
    const number = Number(row?.number);
    const known = this.byNumber.get(number);
    if (known) return { source: known, added: false };
    const source = { number, url, title: page.title.slice(0, 300), text };
    this.remember(source);
    return { source, added: Boolean(row?.added) };
  }
}

/**
 * Search results in the order to read them: each page once (normalised address), pages on the country's
 * official sources first (statistics institute, gazette, ministry, chamber), the engine's order otherwise.
 */
export function rankResults(results: SearchResult[], country: string): SearchResult[] {
  const seen = new Set<string>();
  const unique = results.filter((result) => {
    const url = normaliseUrl(result.url);
    if (seen.has(url)) return false;
    seen.add(url);
    return true;
  });
  const official = (result: SearchResult) => {
    const host = hostOf(result.url);
    return host !== null && officialSourceOf(country, host) !== undefined;
  };
  return [...unique.filter(official), ...unique.filter((r) => !official(r))];
}
