import { copy } from '../../config/copy.es.ts';

/** product.md §1: the tools screen only shows 'Herramientas!'. */
export function Component() {
  return (
    <main className="flex min-h-full items-center justify-center p-6">
      <h1 className="text-2xl font-semibold">{copy.screens.tools}</h1>
    </main>
  );
}
