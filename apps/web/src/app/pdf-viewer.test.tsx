import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { renderWithRouter } from '../test/render.tsx';
import { Component as PdfRoute } from './routes/pdf.tsx';

// The viewer's refusals and failures; the drawing itself needs a real canvas and is checked in the
// browser (e2e/attachments-inert.spec.ts).

const FILE = '/api/businesses/4/chats/17/attachments/a1';
const viewerAt = (src: string) => `/pdf?${new URLSearchParams({ src, name: 'plan.pdf' })}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the PDF viewer', () => {
  it('refuses an address that is not an attachment of this app, and reads nothing', async () => {
    const fetched = stubFetch({});
    renderWithRouter(<PdfRoute />, { path: viewerAt('https://evil.example/plan.pdf') });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Esta dirección no corresponde a ningún archivo que se pueda abrir.',
    );
    expect(fetched.calls).toEqual([]);
  });

  it('says a file that is gone is gone, with nothing to download', async () => {
    stubFetch({
      [`GET ${FILE}`]: { status: 404, body: { code: 'NOT_FOUND', message: 'Archivo no encontrado' } },
    });
    renderWithRouter(<PdfRoute />, { path: viewerAt(FILE) });
    expect(screen.getByRole('status').textContent).toBe('Abriendo el PDF…');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Este archivo ya no está disponible: puede que se haya borrado el chat o el negocio.',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('plan.pdf');
    expect(screen.queryByRole('link', { name: 'Descargar' })).toBeNull();
  });

  it('offers the download of a file it cannot draw', async () => {
    stubFetch({ [`GET ${FILE}`]: { raw: new Response('esto no es un PDF', { status: 200 }) } });
    renderWithRouter(<PdfRoute />, { path: viewerAt(FILE) });
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(
      'No se ha podido mostrar este PDF. Descárgalo para abrirlo en tu equipo.',
    );
    expect(screen.getByRole('link', { name: 'Descargar' }).getAttribute('href')).toBe(FILE);
    expect(screen.getByRole('link', { name: 'Descargar' }).getAttribute('download')).toBe('plan.pdf');
  });
});
