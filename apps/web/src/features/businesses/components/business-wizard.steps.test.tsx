import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DESCRIPTION_150, sampleIdea } from '../../../test/businesses.ts';
import { stubFetch } from '../../../test/fetch-stub.ts';
import {
  button,
  chooseFile,
  chooseType,
  field,
  isOff,
  png,
  renderWizard,
  type,
} from '../../../test/wizard-test-kit.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

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

  it("counts its own steps inside the onboarding, apart from the onboarding's 'Paso 3 de 3'", () => {
    stubFetch({});
    renderWizard({ variant: 'embedded' });
    expect(screen.queryByText('Paso 1 de 5')).toBeNull();
    expect(screen.getByText('Datos de tu negocio: 1 de 5')).toBeTruthy();
    expect(screen.getByRole('progressbar')).toBeTruthy();
  });
});
