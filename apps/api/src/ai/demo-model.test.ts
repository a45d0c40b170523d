import {
  CHAT_STREAM_HEADERS,
  type LatestResearch,
  REPORT_SECTION_KEYS,
  type ResearchReport,
  type RoadmapView,
} from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats, creditBalances } from '../db/schema/index.ts';
import { chatOwner, MINIMAL_IDEA, newChat, storedAnswer } from '../test/chat-owner.ts';
import { startTestHttpServer, type TestHttpServer } from '../test/http-server.ts';
import { modelAssistant } from './assistant.ts';
import { demoModel } from './demo-model.ts';
import { roadmapBlock } from './prompts/roadmap-context.es.ts';

// AI_PROVIDER=demo (README): the scripted mentor behind the real chat send, streamed and charged as a model is.

let t: TestHttpServer;
beforeAll(async () => {
  t = await startTestHttpServer({ AI_PROVIDER: 'demo' }, { jobs: true });
});
afterAll(async () => {
  await t?.close();
});

describe('the demo mentor through POST …/messages/stream', () => {
  it('streams a Spanish answer about the business, by its name, in several chunks, and charges it', async () => {
    const owner = await chatOwner(t, {
      planId: 7,
      credits: 10,
      idea: { ...MINIMAL_IDEA, name: 'Panadería Aurora' },
    });
    const chatId = await newChat(t, owner);
    const res = await t.fetch(`/api/businesses/${owner.businessId}/chats/${chatId}/messages/stream`, {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ content: '¿Qué precio debería poner a mis productos?' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get(CHAT_STREAM_HEADERS.answerKind)).toBe('model');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    let reads = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      reads += 1;
      text += decoder.decode(value, { stream: true });
    }
    // It arrives as a model's answer does: a piece at a time, not in one block.
    expect(reads).toBeGreaterThan(5);
    expect(text).toContain('Panadería Aurora');
    expect(text).toContain('## Cómo poner precio a Panadería Aurora');
    const answer = await storedAnswer(t, Number(res.headers.get(CHAT_STREAM_HEADERS.answerId)));
    expect(answer.content).toBe(text);
    // Same product, same price: an answer costs its credit.
    const [balance] = await t.database.db
      .select()
      .from(creditBalances)
      .where(eq(creditBalances.userId, owner.id));
    expect(balance?.balance).toBe(9);
    // The chat is named from the topic, as a model would name it.
    await expect
      .poll(async () => (await t.database.db.select().from(chats).where(eq(chats.id, chatId)))[0]?.title)
      .toBe('Estrategia de precios');
  });

  it('writes an example study of the business through the research pipeline, labelled, with no source', async () => {
    const owner = await chatOwner(t, {
      planId: 7,
      credits: 10,
      idea: { ...MINIMAL_IDEA, name: 'Tacos Lupita', location: 'México', goal: 'Abrir un segundo local' },
    });
    let latest: LatestResearch | undefined;
    await expect
      .poll(
        async () => {
          const res = await t.fetch(`/api/businesses/${owner.businessId}/research`, {
            headers: { cookie: owner.cookie },
          });
          latest = (await res.json()) as LatestResearch;
          return latest.research?.status;
        },
        { timeout: 50_000, interval: 200 },
      )
      .toMatch(/completed|failed/);
    expect(latest?.research).toMatchObject({ status: 'completed' });
    const res = await t.fetch(`/api/researches/${latest?.research?.id}`, {
      headers: { cookie: owner.cookie },
    });
    const report = (await res.json()) as ResearchReport;
    expect(report).toMatchObject({ mode: 'model', sources: [] });
    expect(report.sections.map((s) => s.key)).toEqual(REPORT_SECTION_KEYS);
    for (const section of report.sections) {
      const text = section.claims.map((c) => c.text).join('\n');
      expect(text, section.key).toContain('Tacos Lupita');
      expect(text, section.key).toContain('México');
      expect(text, section.key).toContain('Ejemplo de demostración');
      expect(section.claims.every((c) => c.kind !== 'fuente')).toBe(true);
    }
    // A roadmap built on it takes the study's lines, not its notice that it is an example.
    const created = await t.fetch(`/api/businesses/${owner.businessId}/roadmap`, {
      method: 'POST',
      headers: { cookie: owner.cookie },
    });
    expect(created.status).toBe(201);
    const titles = ((await created.json()) as RoadmapView).roadmap?.milestones.flatMap((m) =>
      m.tasks.map((task) => task.title),
    );
    expect(titles).toContain('Comprobar: supuesto de Tacos Lupita: los clientes de México pagarán su precio');
    expect(titles?.filter((title) => /ejemplo de demostraci/i.test(title))).toEqual([]);
  }, 60_000);

  it('tells the browser it runs in demo mode (public config)', async () => {
    expect(await (await t.fetch('/api/config')).json()).toMatchObject({ demo: true });
  });
});

const OPEN_TASK = {
  status: 'pendiente',
  kind: 'tarea',
  done_when: '',
  due_date: null,
  milestone: 'Poner en marcha',
  stage: 'Próximos 60 días',
} as const;

describe('demoModel', () => {
  const answer = async (question: string, name = 'Café Lumen') => {
    let text = '';
    await modelAssistant('demo:test', demoModel({ delayMs: [0, 0] }), { vision: false }).answer({
      system: `Eres Rumbo.\n<perfil_del_negocio>\nNombre: ${name}\nEtapa: idea\n</perfil_del_negocio>`,
      messages: [{ role: 'user', content: [{ type: 'text', text: question }] }],
      signal: new AbortController().signal,
      onDelta: (delta) => {
        text += delta;
      },
    });
    return text;
  };

  it('picks a topic by the question’s keywords (accents or not) and falls back to general advice', async () => {
    expect(await answer('¿Cómo consigo mis primeros clientes?')).toContain(
      'Tus primeros clientes para Café Lumen',
    );
    expect(await answer('opciones de financiacion')).toContain('Cómo financiar Café Lumen');
    expect(await answer('Quiero mejorar mi marketing en Instagram')).toContain('plan de marketing');
    expect(await answer('¿Quién es mi competencia?')).toContain('La competencia de Café Lumen');
    const general = await answer('Hola, ¿por dónde empiezo?');
    expect(general).toContain('próximos pasos de **Café Lumen**');
  });

  it('answers from the profile: each topic names the business and its country, and says it is an example', async () => {
    const model = demoModel({ delayMs: [0, 0] });
    const system =
      'Eres Rumbo.\n<perfil_del_negocio>\nNombre: Tacos Lupita\nEtapa: idea de negocio\nUbicación: México\n' +
      'Descripción: Una taquería de comida para llevar en Guadalajara. Abre de noche.\nObjetivo: Abrir un segundo local\n</perfil_del_negocio>';
    const ask = async (question: string) => {
      let text = '';
      await modelAssistant('demo:test', model, { vision: false }).answer({
        system,
        messages: [{ role: 'user', content: [{ type: 'text', text: question }] }],
        signal: new AbortController().signal,
        onDelta: (delta) => {
          text += delta;
        },
      });
      return text;
    };
    const grants = await ask('¿Hay subvenciones o ayudas para mi negocio?');
    const price = await ask('¿Qué precio pongo a los tacos?');
    expect(grants).not.toBe(price);
    for (const text of [grants, price]) {
      expect(text).toContain('Tacos Lupita');
      expect(text).toContain('Ejemplo de demostración');
    }
    expect(grants).toContain('Subvenciones y ayudas para Tacos Lupita');
    expect(grants).toContain('México');
    expect(grants).toContain('Abrir un segundo local');
    expect(price).toContain('Cómo poner precio a Tacos Lupita');
    const topics = {
      '¿Qué trámites legales necesito?': 'Trámites para poner en marcha Tacos Lupita',
      '¿Cuándo contrato a alguien para el equipo?': 'El equipo de Tacos Lupita',
      '¿Cómo vendo más?': 'Las ventas de Tacos Lupita',
      '¿Qué producto lanzo primero?': 'El producto de Tacos Lupita',
      '¿Cómo busco inversores?': 'Cómo financiar Tacos Lupita',
    };
    for (const [question, heading] of Object.entries(topics)) expect(await ask(question)).toContain(heading);
    // The same question again ('Regenerar') is worded differently.
    expect(await ask('¿Qué precio pongo a los tacos?')).not.toBe(price);
  });

  it("answers '¿qué me toca esta semana?' from the roadmap in the prompt, in its order; without one, with general steps", async () => {
    const model = demoModel({ delayMs: [0, 0] });
    const roadmap = roadmapBlock({
      open: [
        {
          title: 'Probar el menú (versión corta) con 20 oficinas',
          status: 'en_curso',
          kind: 'experimento',
          done_when: 'Si 5 de ellas (o más) repiten',
          due_date: '2026-12-04',
          milestone: 'Validar la demanda',
          stage: 'Próximos 30 días',
        },
        { ...OPEN_TASK, title: 'Registrar la marca' },
        { ...OPEN_TASK, title: 'Pedir presupuesto de la plancha' },
        { ...OPEN_TASK, title: 'Abrir la cuenta del negocio' },
      ],
      done: [{ title: 'Elegir el nombre', completed_at: '2026-11-20T10:00:00.000Z' }],
    });
    const ask = async (system: string) => {
      let text = '';
      await modelAssistant('demo:test', model, { vision: false }).answer({
        system,
        messages: [{ role: 'user', content: [{ type: 'text', text: '¿Qué me toca esta semana?' }] }],
        signal: new AbortController().signal,
        onDelta: (delta) => {
          text += delta;
        },
      });
      return text;
    };
    const profile =
      'Eres Rumbo.\n<perfil_del_negocio>\nNombre: Tacos Lupita\nEtapa: idea\n</perfil_del_negocio>';
    const week = await ask(`${profile}\n<hoja_de_ruta>\n${roadmap}\n</hoja_de_ruta>`);
    expect(week).toContain('según tu hoja de ruta');
    const first = week.indexOf(
      '1. **Experimento: Probar el menú (versión corta) con 20 oficinas** (en curso; Próximos 30 días · Validar la demanda, para el 2026-12-04)',
    );
    expect(first).toBeGreaterThan(-1);
    expect(week.indexOf('2. **Registrar la marca**')).toBeGreaterThan(first);
    expect(week).toContain('3. **Pedir presupuesto de la plancha**');
    expect(week).toContain('Después te queda 1 tarea abierta más.');
    expect(week).not.toContain('Elegir el nombre');
    const none = await ask(profile);
    expect(none).not.toContain('hoja de ruta');
    expect(none).toContain('Próximos pasos para Tacos Lupita');
  });

  it('names an attached file and quotes what it read from it', async () => {
    let text = '';
    await modelAssistant('demo:test', demoModel({ delayMs: [0, 0] }), { vision: false }).answer({
      system: 'Nombre: Café Lumen\nUbicación: España',
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'text',
              text: 'Revisa esto\n\n<adjuntos>\n<archivo nombre="costes.txt">\nAlquiler del local: 900 al mes.\n</archivo>\n</adjuntos>',
            },
          ],
        },
      ],
      signal: new AbortController().signal,
      onDelta: (delta) => {
        text += delta;
      },
    });
    expect(text).toContain('costes.txt');
    expect(text).toContain('Alquiler del local: 900 al mes.');
  });

  it('stops when the answer is stopped', async () => {
    const controller = new AbortController();
    let text = '';
    const running = modelAssistant('demo:test', demoModel({ delayMs: [5, 5] }), { vision: false }).answer({
      system: 'Nombre: Café Lumen',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'precio' }] }],
      signal: controller.signal,
      onDelta: (delta) => {
        text += delta;
        controller.abort(new Error('parado'));
      },
    });
    await expect(running).rejects.toThrow('parado');
    expect(text.length).toBeGreaterThan(0);
    expect(text.length).toBeLessThan(40);
  });
});
