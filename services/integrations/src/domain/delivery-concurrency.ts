/**
 * Which of the due events a worker takes now (docs/adr/0043): the oldest first, at most `free` in all, and
 * no integration past `perIntegration` in flight (those it has in flight already, `busy`, count), so that one
 * slow or failing integration cannot hold every slot. Pure, unit-tested.
 */
export function withinConcurrency(due: Array<{ id: string; integration_id: string }>, limits: { free: number; perIntegration: number; busy: Map<string, number> }): string[] {
  const taken = new Map(limits.busy);
  const ids: string[] = [];
  for (const event of due) {
    if (ids.length >= limits.free) break;
    const count = taken.get(event.integration_id) ?? 0;
    if (count >= limits.perIntegration) continue;
    taken.set(event.integration_id, count + 1);
    ids.push(event.id);
  }
  return ids;
}
