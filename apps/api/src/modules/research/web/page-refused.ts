/** A page a research run will not read; its Spanish message goes to the run's timeline as a warning. */
export class PageRefused extends Error {
  override name = 'PageRefused';
}
