import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../test/render.tsx';
import { stubLayoutObservers } from '../test/browser-stubs.ts';
import { ActionMenu } from './action-menu.tsx';
import { Dialog, DialogFooter } from './dialog.tsx';
import { Tooltip } from './tooltip.tsx';

stubLayoutObservers();

/** A page with a button that opens a dialog. */
function PageWithDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      {open ? (
        <Dialog title="Título" description="Texto" onClose={() => setOpen(false)} closeLabel="Cerrar">
          <DialogFooter>
            <button type="button">Aceptar</button>
          </DialogFooter>
        </Dialog>
      ) : null}
    </>
  );
}

describe('Dialog (Radix)', () => {
  // The page's own Escape (the chat stops an answer with it) listens on the document.
  const onPageEscape = vi.fn();
  beforeEach(() => document.addEventListener('keydown', onPageEscape));
  afterEach(() => {
    document.removeEventListener('keydown', onPageEscape);
    onPageEscape.mockClear();
  });

  it('is named and described, starts on its first control, keeps Escape to itself and gives focus back', async () => {
    render(<PageWithDialog />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Título', description: 'Texto' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cerrar' }));
    // The page behind is hidden from assistive technology while the dialog is open.
    expect(screen.queryByRole('button', { name: 'Abrir' })).toBeNull();
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onPageEscape).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});

describe('ActionMenu (Radix)', () => {
  it('opens on the first item with ArrowDown, on the last with ArrowUp, and runs an action with focus back on its button', async () => {
    const onRename = vi.fn();
    render(
      <ActionMenu
        label="Opciones"
        actions={[
          { label: 'Renombrar', onSelect: onRename },
          { label: 'Eliminar', onSelect: () => {}, danger: true },
        ]}
      />,
    );
    const button = screen.getByRole('button', { name: 'Opciones' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    expect(screen.getByRole('menu', { name: 'Opciones' })).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Eliminar');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    // Round the end, back to the first.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Renombrar'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);

    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Renombrar');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Renombrar' }));
    expect(onRename).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe('Tooltip (Radix)', () => {
  it('describes its trigger while hidden, shows on focus and hides with Escape, focus staying', () => {
    render(
      <Tooltip text="Mejora tu plan">
        <button type="button">Desactivado</button>
      </Tooltip>,
    );
    const trigger = screen.getByRole('button', { name: 'Desactivado', description: 'Mejora tu plan' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => trigger.focus());
    expect(screen.getByRole('tooltip').textContent).toBe('Mejora tu plan');
    expect(screen.getByRole('button', { name: 'Desactivado', description: 'Mejora tu plan' })).toBe(trigger);
    fireEvent.keyDown(trigger, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('names an icon button without describing it again', () => {
    render(
      <Tooltip text="Enviar" kind="label">
        <button type="button" aria-label="Enviar">
          →
        </button>
      </Tooltip>,
    );
    const trigger = screen.getByRole('button', { name: 'Enviar' });
    expect(trigger.getAttribute('aria-describedby')).toBeNull();
    act(() => trigger.focus());
    expect(screen.getByRole('tooltip').textContent).toBe('Enviar');
  });
});
