import { File as FileIcon, FileText } from 'lucide-react';
import { formatSizeKb, shortenFileName } from '../format.ts';
import type { AttachmentView } from '../messages.ts';

/** The preview of an attachment (product.md §2.6): the image itself, a document icon or a file icon. */
export function AttachmentPreview({
  attachment,
  className = 'size-10',
}: {
  attachment: Pick<AttachmentView, 'type' | 'preview'>;
  className?: string;
}) {
  if (attachment.type === 'image' && attachment.preview) {
    return (
      <img src={attachment.preview} alt="" className={`${className} shrink-0 rounded-md object-cover`} />
    );
  }
  const Icon = attachment.type === 'document' ? FileText : FileIcon;
  return (
    <span
      className={`${className} flex shrink-0 items-center justify-center rounded-md bg-brand-50 text-brand-600`}
      data-icon={attachment.type}
    >
      <Icon className="size-5" aria-hidden="true" />
    </span>
  );
}

/** Name (shortened past 15 characters, product.md §9) and size in KB; the full name stays in the tooltip. */
export function AttachmentLabel({ name, size }: { name: string; size: number }) {
  return (
    <span className="flex min-w-0 flex-col text-left leading-tight">
      <span className="text-sm font-medium text-slate-800" title={name}>
        {shortenFileName(name)}
      </span>
      <span className="text-xs text-slate-500">{formatSizeKb(size)}</span>
    </span>
  );
}
