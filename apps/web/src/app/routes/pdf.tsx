import { useSearchParams } from 'react-router';
import { FormAlert } from '../../components/form-alert.tsx';
import { chatCopy } from '../../config/copy/chat.es.ts';
import { pdfSource } from '../../features/chat/pdf-viewer/pdf-source.ts';
import { PdfViewer } from '../../features/chat/pdf-viewer/pdf-viewer.tsx';

/** /pdf?src=…&name=…: a PDF attachment in the app's own viewer (ADR 0032), opened from the chat. */
export function Component() {
  const [params] = useSearchParams();
  const src = pdfSource(params.get('src'), window.location.origin);
  if (!src) {
    return (
      <main className="mx-auto max-w-xl p-6">
        <FormAlert message={chatCopy.pdfViewer.badAddress} />
      </main>
    );
  }
  return <PdfViewer src={src} name={params.get('name')?.slice(0, 255) || 'documento.pdf'} />;
}
