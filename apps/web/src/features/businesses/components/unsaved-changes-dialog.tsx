import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { copy } from '../../../config/copy.es.ts';

const t = copy.businesses.wizard.unsaved;

/** product.md §2.8: '¿Quieres guardar los cambios?' (ADR 0018) on the first close of the edit wizard. */
export function UnsavedChangesDialog({
  saving,
  onDiscard,
  onSave,
  onDismiss,
}: {
  saving: boolean;
  onDiscard: () => void;
  onSave: () => void;
  onDismiss: () => void;
}) {
  return (
    <ConfirmDialog title={t.title} body={t.body} onDismiss={onDismiss}>
      <Button variant="secondary" onClick={onDiscard} disabled={saving}>
        {t.discard}
      </Button>
      <Button onClick={onSave} loading={saving}>
        {t.save}
      </Button>
    </ConfirmDialog>
  );
}
