import type { RoadmapView } from '@rumbo/contract';
import { describe, expect, it } from 'vitest';
import { ROADMAP_TOKEN_BUDGET, roadmapBlock } from '../../ai/prompts/roadmap-context.es.ts';
import { estimateTokens } from '../../lib/estimate-tokens.ts';
import { ANSWER, chatRequests, chatServerForFile } from '../../test/chats-test-kit.ts';

// The advisor knows the roadmap (ADR 0055): the chat's request to the model carries its open tasks, in
// order, and what was done lately, within their token budget.

const server = chatServerForFile();

const { owner, newChat, send, streamRequests } = chatRequests(() => server);
/** Calls to `who`'s roadmap API, as its owner. */
const roadmapCalls =
  (who: { businessId: number; cookie: string }) => (method: string, path: string, body?: unknown) =>
    server.t.fetch(`/api/businesses/${who.businessId}/roadmap${path}`, {
      method,
      headers: { cookie: who.cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
const systemOf = () => String(streamRequests().at(-1)?.body.messages[0]?.content);

describe('the roadmap in the advisor’s prompt', () => {
  it("'¿qué me toca esta semana?' reaches the model with the open tasks in order, the one under way first, and what was just done", async () => {
    const who = await owner(7);
    const call = roadmapCalls(who);
    const view = (await (await call('POST', '')).json()) as RoadmapView;
    const tasks = view.roadmap?.milestones.flatMap((m) => m.tasks) ?? [];
    const [done, discarded, underWay, next] = tasks;
    if (!done || !discarded || !underWay || !next) throw new Error('too few tasks');
    await call('PATCH', `/tasks/${done.id}`, { status: 'hecha' });
    await call('PATCH', `/tasks/${discarded.id}`, { status: 'descartada' });
    await call('PATCH', `/tasks/${underWay.id}`, { status: 'en_curso', due_date: '2027-01-15' });

    const chatId = await newChat(who);
    const res = await send(who, chatId, { content: '¿qué me toca esta semana?' });
    expect(await res.text()).toBe(ANSWER);
    const system = systemOf();
    expect(system).toContain('<hoja_de_ruta>');
    const block = system.slice(system.indexOf('<hoja_de_ruta>'));
    const lines = block.split('\n');
    const firstTask = lines.find((line) => line.startsWith('- ['));
    expect(firstTask).toContain(`[En curso]`);
    expect(firstTask).toContain(underWay.title);
    expect(firstTask).toContain('para el 2027-01-15');
    expect(block).toContain(`[Pendiente] ${next.kind === 'experimento' ? 'Experimento: ' : ''}${next.title}`);
    expect(block).toContain('Hechas en los últimos 14 días:');
    expect(block).toContain(`- ${done.title} (`);
    expect(block).not.toContain(`] ${discarded.title}`);
    expect(block).toContain('responde a partir de estas tareas abiertas');
    // Tasks it proposes come as markers the chat offers to add.
    expect(block).toContain('[[tarea-hoja-de-ruta título corto :: cómo sabrá que está hecha]]');
  });

  it('says which tasks were done since the last conversation', async () => {
    const who = await owner(7);
    const call = roadmapCalls(who);
    const view = (await (await call('POST', '')).json()) as RoadmapView;
    const [before, after] = view.roadmap?.milestones.flatMap((m) => m.tasks) ?? [];
    if (!before || !after) throw new Error('too few tasks');
    await call('PATCH', `/tasks/${before.id}`, { status: 'hecha' });
    const chatId = await newChat(who);
    await (await send(who, chatId, { content: 'Hola' })).text();
    expect(systemOf()).toContain(`- ${before.title} (`);
    expect(systemOf()).not.toContain('hecha desde vuestra última conversación');

    await call('PATCH', `/tasks/${after.id}`, { status: 'hecha' });
    await (await send(who, chatId, { content: '¿Cómo voy?' })).text();
    const system = systemOf();
    const line = (title: string) => system.split('\n').find((l) => l.startsWith(`- ${title} (`));
    expect(line(after.title)).toMatch(/\(\d{4}-\d{2}-\d{2}, hecha desde vuestra última conversación\)$/);
    expect(line(before.title)).toMatch(/\(\d{4}-\d{2}-\d{2}\)$/);
  });

  it('adds nothing for a business without a roadmap', async () => {
    const who = await owner(7);
    const chatId = await newChat(who);
    await (await send(who, chatId, { content: '¿qué me toca esta semana?' })).text();
    expect(systemOf()).not.toContain('<hoja_de_ruta>');
  });

  it('keeps within its token budget and counts the tasks it leaves out', () => {
    const open = Array.from({ length: 80 }, (_, i) => ({
      title: `Tarea número ${i + 1} con un título bastante largo para llenar el presupuesto`,
      status: 'pendiente' as const,
      kind: 'tarea' as const,
      done_when: 'Cuando esté hecha y comprobada con clientes reales del barrio',
      due_date: null,
      milestone: 'Primeros clientes',
      stage: 'Próximos 30 días',
    }));
    const block = roadmapBlock({ open, done: null }) ?? '';
    expect(estimateTokens(block)).toBeLessThanOrEqual(ROADMAP_TOKEN_BUDGET + 20);
    expect(block).toContain('Tarea número 1 ');
    expect(block).toMatch(/… y \d+ tareas abiertas más\./);
    expect(roadmapBlock({ open: null, done: null })).toBeNull();
  });
});
