import type { Business } from '@rumbo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DESCRIPTION_150, sampleEstablished, sampleIdea } from '../../../test/businesses.ts';
import { type StubRoute, stubFetch } from '../../../test/fetch-stub.ts';
import { renderWithRouter } from '../../../test/render.tsx';
import { businessQueryKeys } from '../api/businesses.ts';
import { BusinessWizard, type BusinessWizardProps } from './business-wizard.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderWizard(props: Partial<BusinessWizardProps> = {}) {
  const onDone = vi.fn<(business: Business) => void>();
  const onExit = vi.fn();
  const view = renderWithRouter(<BusinessWizard mode="create" onDone={onDone} onExit={onExit} {...props} />);
  return { ...view, onDone, onExit };
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
/** The wizard's Continue is off through aria-disabled, so that it keeps focus (ADR 0018). */
const isOff = (name: string) => button(name).getAttribute('aria-disabled') === 'true';
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const png = (name = 'logo.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const chooseFile = (file: File) =>
  fireEvent.change(screen.getByTestId('logo-file-input'), { target: { files: [file] } });

function chooseType(label: RegExp) {
  fireEvent.click(screen.getByRole('radio', { name: label }));
  fireEvent.click(button('Continuar'));
}

/** Goes from the type step to the goals step of an idea, every step valid. */
function fillIdeaUpToGoals() {
  chooseType(/Idea de negocio/);
  chooseFile(png());
  type('Nombre', 'Oliva Directa');
  fireEvent.click(button('Continuar'));
  type('Descripción', DESCRIPTION_150);
  fireEvent.click(button('Continuar'));
  type('Descripción del equipo', 'Dos fundadores');
  fireEvent.click(button('Continuar'));
  type('Objetivo principal', 'Validar la demanda');
}

describe('the creation wizard (product.md §2.7, §5)', () => {
  it('opens Continue only once the type is chosen, and titles the dialog', () => {
    stubFetch({});
    renderWizard();
    expect(screen.getByRole('dialog', { name: 'Crear nuevo chat' })).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('Paso 1 de 5');
    expect(isOff('Continuar')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Empresa consolidada/ }));
    expect(isOff('Continuar')).toBe(false);
  });

  it('closes straight to the caller (no question when creating)', () => {
    stubFetch({});
    const { onExit } = renderWizard();
    fireEvent.click(button('Cerrar'));
    expect(onExit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('needs a photo and a name; shows Obligatorio for a name left empty', () => {
    stubFetch({});
    renderWizard();
    chooseType(/Idea de negocio/);
    expect(isOff('Continuar')).toBe(true);
    fireEvent.blur(field('Nombre'));
    expect(screen.getByText('Obligatorio')).toBeTruthy();
    type('Nombre', 'Oliva');
    expect(screen.queryByText('Obligatorio')).toBeNull();
    expect(isOff('Continuar')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Color 3' }));
    expect(isOff('Continuar')).toBe(false);
    expect(screen.getByRole('img', { name: 'Vista previa del logo' }).textContent).toBe('O');
  });

  it('ignores a .gif with a Spanish notice and keeps no logo', () => {
    stubFetch({});
    renderWizard();
    chooseType(/Idea de negocio/);
    type('Nombre', 'Oliva');
    chooseFile(new File(['GIF89a'], 'animado.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'No se admiten GIF. Elige una imagen JPEG, PNG o WebP.',
    );
    expect(isOff('Continuar')).toBe(true);
    chooseFile(png());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(isOff('Continuar')).toBe(false);
    expect(button('Cambiar imagen')).toBeTruthy();
  });

  it("counts the description 'n/150' and shows '*mínimo 150 caracteres' only from 1 to 149", () => {
    stubFetch({});
    renderWizard();
    chooseType(/Idea de negocio/);
    chooseFile(png());
    type('Nombre', 'Oliva');
    fireEvent.click(button('Continuar'));

    expect(screen.getByText('0/150')).toBeTruthy();
    expect(screen.queryByText('*mínimo 150 caracteres')).toBeNull();
    type('Descripción', 'U');
    expect(screen.getByText('1/150')).toBeTruthy();
    expect(screen.getByText('*mínimo 150 caracteres')).toBeTruthy();
    expect(field('Descripción').getAttribute('aria-invalid')).toBe('true');
    type('Descripción', 'x'.repeat(149));
    expect(screen.getByText('149/150')).toBeTruthy();
    expect(screen.getByText('*mínimo 150 caracteres')).toBeTruthy();
    expect(isOff('Continuar')).toBe(true);
    type('Descripción', DESCRIPTION_150);
    expect(screen.getByText('150/150')).toBeTruthy();
    expect(screen.queryByText('*mínimo 150 caracteres')).toBeNull();
    expect(isOff('Continuar')).toBe(false);
    type('Descripción', '');
    expect(screen.getByText('0/150')).toBeTruthy();
    expect(screen.queryByText('*mínimo 150 caracteres')).toBeNull();
  });

  it('offers idea team sizes 1 to 10, clears the differentiation without competitors, needs an investment', () => {
    stubFetch({});
    renderWizard();
    chooseType(/Idea de negocio/);
    chooseFile(png());
    type('Nombre', 'Oliva');
    fireEvent.click(button('Continuar'));
    type('Descripción', DESCRIPTION_150);
    fireEvent.click(button('Continuar'));

    const sizes = within(screen.getByLabelText('Tamaño del equipo')).getAllByRole('option');
    expect(sizes.map((option) => (option as HTMLOptionElement).value)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    type('Descripción del equipo', 'Dos fundadores');
    expect(isOff('Continuar')).toBe(false);

    expect(screen.queryByLabelText('¿En qué te diferencias de ellos?')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Sí' }));
    expect(isOff('Continuar')).toBe(true);
    type('¿En qué te diferencias de ellos?', 'Precio justo');
    expect(isOff('Continuar')).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByLabelText('¿En qué te diferencias de ellos?')).toBeNull();

    type('Inversión disponible', '');
    fireEvent.blur(field('Inversión disponible'));
    expect(screen.getByText('Obligatorio')).toBeTruthy();
    expect(isOff('Continuar')).toBe(true);
    type('Inversión disponible', '-5');
    expect(screen.getByText('Debe ser 0 o más')).toBeTruthy();
    type('Inversión disponible', '0');
    expect(isOff('Continuar')).toBe(false);

    fireEvent.click(button('Continuar'));
    fireEvent.click(button('Atrás'));
    fireEvent.click(screen.getByRole('radio', { name: 'Sí' }));
    expect(field('¿En qué te diferencias de ellos?').value).toBe('');
  });

  it('clamps the profit margin to 0–100 while typing; EBITDA takes the billing currency', () => {
    stubFetch({});
    renderWizard();
    chooseType(/Empresa consolidada/);
    chooseFile(png());
    type('Nombre', 'Panadería Sol');
    expect(isOff('Continuar')).toBe(true);
    type('Tu cargo', 'Fundadora');
    fireEvent.click(button('Continuar'));
    type('Descripción', DESCRIPTION_150);
    type('Misión y visión', 'Pan para cada barrio');
    expect(isOff('Continuar')).toBe(true);
    type('Descripción del equipo', 'Ocho personas');
    fireEvent.click(button('Continuar'));

    // A billing of 0 does not pass; a margin of 0 and a negative EBITDA do (ADR 0018).
    expect(isOff('Continuar')).toBe(true);
    expect(field('Tamaño del equipo').value).toBe('1');
    type('Margen de beneficio (%)', '150');
    expect(field('Margen de beneficio (%)').value).toBe('100');
    type('Margen de beneficio (%)', '-5');
    expect(field('Margen de beneficio (%)').value).toBe('0');
    fireEvent.blur(field('Facturación anual'));
    expect(screen.getByText('Debe ser mayor que 0')).toBeTruthy();
    type('Facturación anual', '1000');
    expect(screen.queryByText('Debe ser mayor que 0')).toBeNull();
    type('EBITDA', '-20000');
    expect(isOff('Continuar')).toBe(false);
    type('Margen de beneficio (%)', '16.5');

    expect(screen.getByRole('status', { name: 'Moneda del EBITDA' }).textContent).toBe('€');
    fireEvent.change(screen.getByLabelText('Moneda de la facturación'), { target: { value: '$' } });
    expect(screen.getByRole('status', { name: 'Moneda del EBITDA' }).textContent).toBe('$');
    type('Facturación anual', '250000');
    type('EBITDA', '40000');
    type('Tamaño del equipo', '');
    expect(isOff('Continuar')).toBe(true);
    type('Tamaño del equipo', '25');
    expect(isOff('Continuar')).toBe(false);
  });

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

describe('wizard focus and counters (ADR 0018)', () => {
  it('keeps focus on Continue when the step stops being valid, and then Continue does nothing', () => {
    stubFetch({});
    renderWizard({ mode: 'edit', business: sampleIdea() });
    const next = button('Continuar');
    next.focus();
    type('Nombre', '');
    expect(isOff('Continuar')).toBe(true);
    expect(document.activeElement).toBe(next);
    fireEvent.click(next);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('Paso 1 de 4');
  });

  it('shows no step counter of its own inside the onboarding (whose counter is the one shown)', () => {
    stubFetch({});
    renderWizard({ variant: 'embedded' });
    expect(screen.queryByText('Paso 1 de 5')).toBeNull();
    expect(screen.getByRole('progressbar')).toBeTruthy();
  });
});

describe('the edit wizard (product.md §2.8)', () => {
  it("has four steps and 'Guardar cambios' at the end", () => {
    stubFetch({});
    renderWizard({ mode: 'edit', business: sampleIdea() });
    expect(screen.getByRole('dialog', { name: 'Editar chat' })).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('Paso 1 de 4');
    expect(field('Nombre').value).toBe('Oliva Directa');
    fireEvent.click(button('Continuar'));
    fireEvent.click(button('Continuar'));
    fireEvent.click(button('Continuar'));
    expect(button('Guardar cambios')).toBeTruthy();
  });

  it("asks '¿Quieres guardar los cambios?' on the first close; 'Salir sin guardar' leaves unsaved", () => {
    const network = stubFetch({});
    const { onExit } = renderWizard({ mode: 'edit', business: sampleIdea() });
    type('Nombre', 'Otro nombre');
    fireEvent.click(button('Cerrar'));
    const popup = screen.getByRole('alertdialog', { name: '¿Quieres guardar los cambios?' });
    expect(onExit).not.toHaveBeenCalled();
    fireEvent.click(within(popup).getByRole('button', { name: 'Salir sin guardar' }));
    expect(onExit).toHaveBeenCalledTimes(1);
    expect(network.calls).toHaveLength(0);
  });

  it('leaves on the second close after the popup was dismissed', () => {
    stubFetch({});
    const { onExit } = renderWizard({ mode: 'edit', business: sampleIdea() });
    type('Nombre', 'Otro nombre');
    fireEvent.click(button('Cerrar'));
    const popup = screen.getByRole('alertdialog');
    fireEvent.keyDown(within(popup).getByRole('button', { name: 'Salir sin guardar' }), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onExit).not.toHaveBeenCalled();
    fireEvent.click(button('Cerrar'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onExit).toHaveBeenCalledTimes(1);
  });

  it('leaves at once when nothing changed, also after a change is undone (ADR 0018)', () => {
    stubFetch({});
    const { onExit } = renderWizard({ mode: 'edit', business: sampleIdea() });
    fireEvent.click(button('Continuar'));
    fireEvent.click(button('Cerrar'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onExit).toHaveBeenCalledTimes(1);
  });

  it('undoing a change leaves without asking', () => {
    stubFetch({});
    const { onExit } = renderWizard({ mode: 'edit', business: sampleIdea() });
    type('Nombre', 'Otro nombre');
    type('Nombre', 'Oliva Directa');
    fireEvent.click(button('Cerrar'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onExit).toHaveBeenCalledTimes(1);
  });

  it('Escape closes like the close button: it asks after a change, and leaves without one', () => {
    stubFetch({});
    const first = renderWizard({ mode: 'edit', business: sampleIdea() });
    type('Nombre', 'Otro nombre');
    fireEvent.keyDown(field('Nombre'), { key: 'Escape' });
    expect(screen.getByRole('alertdialog', { name: '¿Quieres guardar los cambios?' })).toBeTruthy();
    expect(first.onExit).not.toHaveBeenCalled();
    first.unmount();

    const second = renderWizard({ mode: 'edit', business: sampleIdea() });
    fireEvent.keyDown(field('Nombre'), { key: 'Escape' });
    expect(second.onExit).toHaveBeenCalledTimes(1);
  });

  it("'Guardar cambios' in the popup patches the business and updates the cache", async () => {
    const saved = sampleEstablished({ name: 'Panadería Luna' });
    const network = stubFetch({
      'PATCH /api/businesses/established/9': { body: saved },
      'PUT /api/businesses/established/9/logo': {
        body: { logo_url: '/api/businesses/established/9/logo?v=2' },
      },
    });
    const { onDone, queryClient } = renderWizard({ mode: 'edit', business: sampleEstablished() });
    queryClient.setQueryData(businessQueryKeys.list, [sampleIdea({ id: 4 }), sampleEstablished()]);
    chooseFile(png('nuevo.png'));
    network.calls.length = 0;
    type('Nombre', 'Panadería Luna');
    fireEvent.click(button('Cerrar'));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(network.callsTo('PATCH /api/businesses/established/9')[0]?.body).toMatchObject({
      name: 'Panadería Luna',
      billing_currency: 'dollar',
      ebitda_currency: 'dollar',
    });
    // The chosen file is uploaded after the data. (An earlier test's research request may land here.)
    const businessCalls = network.calls.filter((call) => call.path.startsWith('/api/businesses'));
    expect(businessCalls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'PATCH /api/businesses/established/9',
      'PUT /api/businesses/established/9/logo',
    ]);
    expect(queryClient.getQueryData<Business[]>(businessQueryKeys.list)?.[1]?.name).toBe('Panadería Luna');
  });
});
