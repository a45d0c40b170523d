import type { z } from '@hono/zod-openapi';
import { sendMessageSchema } from '@rumbo/contract';
import type { Context } from 'hono';
import type { AppEnv } from '../../../http/context.ts';
import { badRequest } from '../../../http/errors.ts';
import type { SendInput } from '../send/send-message.ts';

/** The send's fields from a JSON or a multipart body. */
export async function readSend(c: Context<AppEnv>): Promise<SendInput> {
  const type = c.req.header('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await c.req.parseBody({ all: true });
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    const parsed = sendMessageSchema.safeParse({
      content: text(form.content) ?? '',
      client_message_id: text(form.client_message_id),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest(issue?.message ?? 'Datos no válidos', issue?.path.join('.') || undefined);
    }
    const raw = form.files ?? form['files[]'] ?? [];
    const list = (Array.isArray(raw) ? raw : [raw]).filter((f): f is File => f instanceof File);
    const files = await Promise.all(
      list.map(async (file) => ({ name: file.name, data: new Uint8Array(await file.arrayBuffer()) })),
    );
    return { content: parsed.data.content, clientMessageId: parsed.data.client_message_id, files };
  }
  const body = (c.req.valid as (target: 'json') => z.infer<typeof sendMessageSchema>)('json');
  return { content: body.content, clientMessageId: body.client_message_id, files: [] };
}
