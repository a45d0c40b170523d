import type { Business } from '@rumbo/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DESCRIPTION_150, sampleIdea } from '../../../test/businesses.ts';
import { type StubRoute, stubFetch } from '../../../test/fetch-stub.ts';
import { button, field, fillIdeaUpToGoals, renderWizard, type } from '../../../test/wizard-test-kit.tsx';
import { businessQueryKeys } from '../api/businesses.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the creation wizard (product.md §2.7, §5)', () => {
  it('creates the idea, uploads its logo, adds it to the list, asks for research 1 s later', async () => {
    const created = sampleIdea({ id: 5, logo_url: null, name: 'Oliva Directa' });
    const network = stubFetch({
      'POST /api/businesses/ideas': { status: 201, body: created },
      'PUT /api/businesses/ideas/5/logo': { body: { logo_url: '/api/businesses/ideas/5/logo?v=1' } },
      'POST /api/researches': { status: 202, body: { id: 1, business_id: 5, status: 'pending' } },
    });
    const { onDone, queryClient } = renderWizard();
    queryClient.setQueryData(businessQueryKeys.list, [sampleIdea({ id: 2 })]);
    fillIdeaUpToGoals();
    fireEvent.click(button('Atrás'));
    fireEvent.click(screen.getByRole('radio', { name: 'Sí' }));
    type('¿En qué te diferencias de ellos?', 'Precio');
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    fireEvent.change(screen.getByLabelText('Moneda de la inversión'), { target: { value: '$' } });
    type('Inversión disponible', '15000');
    fireEvent.click(button('Continuar'));
    fireEvent.click(button('Crear chat'));

    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(network.callsTo('POST /api/businesses/ideas')[0]?.body).toEqual({
      name: 'Oliva Directa',
      location: 'España',
      description: DESCRIPTION_150,
      goal: 'Validar la demanda',
      extra_info: '',
      team_description: 'Dos fundadores',
      team_size: 1,
      user_position: '',
      competitor_existence: false,
      competitor_differentiation: '',
      investment: 15000,
      investment_currency: 'dollar',
    });
    const upload = network.callsTo('PUT /api/businesses/ideas/5/logo')[0]?.body as FormData;
    expect((upload.get('file') as File).name).toBe('logo.png');
    expect(onDone.mock.calls[0]?.[0].logo_url).toBe('/api/businesses/ideas/5/logo?v=1');
    expect(queryClient.getQueryData<Business[]>(businessQueryKeys.list)?.map((b) => b.id)).toEqual([2, 5]);
    expect(network.callsTo('POST /api/researches')).toHaveLength(0);
    await waitFor(() => expect(network.callsTo('POST /api/researches')).toHaveLength(1), { timeout: 2000 });
    expect(network.callsTo('POST /api/researches')[0]?.body).toEqual({
      max_tokens: 50000,
      business_id: 5,
      sync_generation: false,
    });
  });

  it('shows a Spanish error and keeps every input when creating fails, then succeeds on retry', async () => {
    let answer: StubRoute = { status: 500, body: { code: 'INTERNAL_ERROR', message: 'boom' } };
    const network = stubFetch({
      'POST /api/businesses/ideas': () => answer as { status: number; body: unknown },
      'PUT /api/businesses/ideas/5/logo': { body: { logo_url: '/api/businesses/ideas/5/logo?v=1' } },
      'POST /api/researches': { status: 202, body: {} },
    });
    const { onDone } = renderWizard();
    fillIdeaUpToGoals();
    fireEvent.click(button('Crear chat'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No se ha podido crear el chat. Revisa tu conexión e inténtalo de nuevo.',
    );
    expect(onDone).not.toHaveBeenCalled();
    expect(field('Objetivo principal').value).toBe('Validar la demanda');
    fireEvent.click(button('Atrás'));
    expect(field('Descripción del equipo').value).toBe('Dos fundadores');

    answer = { status: 201, body: sampleIdea({ id: 5 }) };
    fireEvent.click(button('Continuar'));
    fireEvent.click(button('Crear chat'));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(network.callsTo('POST /api/businesses/ideas')).toHaveLength(2);
  });

  it("shows the server's reason when the plan's limit is reached", async () => {
    stubFetch({
      'POST /api/businesses/ideas': {
        status: 403,
        body: {
          code: 'BUSINESS_LIMIT_REACHED',
          message: 'Tu plan permite 1 negocio. Mejora tu plan para crear más.',
        },
      },
    });
    renderWizard();
    fillIdeaUpToGoals();
    fireEvent.click(button('Crear chat'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Tu plan permite 1 negocio. Mejora tu plan para crear más.',
    );
  });

  it('does not create twice when only the logo failed: trying again uploads the logo to the same business', async () => {
    let logoAnswer = {
      status: 415,
      body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'El logo debe ser una imagen JPEG, PNG o WebP' },
    };
    const network = stubFetch({
      'POST /api/businesses/ideas': { status: 201, body: sampleIdea({ id: 5, logo_url: null }) },
      'PATCH /api/businesses/ideas/5': { body: sampleIdea({ id: 5, logo_url: null }) },
      'PUT /api/businesses/ideas/5/logo': () => logoAnswer,
      'POST /api/researches': { status: 202, body: {} },
    });
    const { onDone } = renderWizard();
    fillIdeaUpToGoals();
    fireEvent.click(button('Crear chat'));
    expect((await screen.findByRole('alert')).textContent).toContain('el logo no se ha podido subir');
    logoAnswer = { status: 200, body: { logo_url: '/api/businesses/ideas/5/logo?v=2' } as never };
    fireEvent.click(button('Crear chat'));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(network.callsTo('POST /api/businesses/ideas')).toHaveLength(1);
    expect(network.callsTo('PUT /api/businesses/ideas/5/logo')).toHaveLength(2);
  });
});
