import type { Business } from '@rumbo/contract';
import { fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';
import {
  BusinessWizard,
  type BusinessWizardProps,
} from '../features/businesses/components/business-wizard.tsx';
import { DESCRIPTION_150 } from './businesses.ts';
import { renderWithRouter } from './render.tsx';

// What the business wizard's tests share: rendering it, finding its controls, and filling its steps.

export function renderWizard(props: Partial<BusinessWizardProps> = {}) {
  const onDone = vi.fn<(business: Business) => void>();
  const onExit = vi.fn();
  const view = renderWithRouter(<BusinessWizard mode="create" onDone={onDone} onExit={onExit} {...props} />);
  return { ...view, onDone, onExit };
}

export const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
/** The wizard's Continue is off through aria-disabled, so that it keeps focus (ADR 0018). */
export const isOff = (name: string) => button(name).getAttribute('aria-disabled') === 'true';
export const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
export const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
export const png = (name = 'logo.png') =>
  new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
export const chooseFile = (file: File) =>
  fireEvent.change(screen.getByTestId('logo-file-input'), { target: { files: [file] } });

export function chooseType(label: RegExp) {
  fireEvent.click(screen.getByRole('radio', { name: label }));
  fireEvent.click(button('Continuar'));
}

/** Goes from the type step to the goals step of an idea, every step valid. */
export function fillIdeaUpToGoals() {
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
