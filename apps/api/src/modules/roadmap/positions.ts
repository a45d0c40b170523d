/** `ids` in order with `id` moved to `position` (clamped to the list): the new order of a reorder. */
export function placeAt(ids: number[], id: number, position: number): number[] {
  const rest = ids.filter((other) => other !== id);
  const at = Math.max(0, Math.min(position, rest.length));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}
